import type { AdminOrdersPrintDictionary } from "./ar";

const adminOrdersPrint: AdminOrdersPrintDictionary = {
  exportCsv: "Exporter en CSV",
  printSlip: "Imprimer le bon de livraison",
  csv: {
    orderNumber: "N° de commande",
    date: "Date (ISO)",
    localDate: "Date",
    status: "Statut",
    source: "Origine",
    customer: "Client",
    phone: "Téléphone",
    wilaya: "Wilaya",
    commune: "Commune",
    deliveryType: "Type de livraison",
    stopDesk: "Point relais",
    items: "Articles",
    itemsTotal: "Total articles",
    delivery: "Livraison",
    total: "Total",
  },
  deliveryType: {
    home: "À domicile",
    stop_desk: "Stop-desk",
  },
  slip: {
    title: "Bon de livraison {{orderNumber}}",
    print: "Imprimer",
    shop: "Boutique",
    order: "Commande",
    date: "Date",
    recipient: "Destinataire",
    phone: "Téléphone",
    wilaya: "Wilaya",
    commune: "Commune",
    address: "Adresse",
    deliveryType: "Livraison",
    stopDesk: "Point relais",
    items: "Articles",
    cod: "Montant à encaisser",
    qrLabel: "Code QR de la commande {{orderNumber}}",
  },
  newOrders: {
    badge_zero: "Aucune nouvelle commande",
    badge_one: "{{count}} nouvelle commande",
    badge_two: "{{count}} nouvelles commandes",
    badge_few: "{{count}} nouvelles commandes",
    badge_many: "{{count}} nouvelles commandes",
    badge_other: "{{count}} nouvelles commandes",
  },
  notify: {
    message:
      "Nouvelle commande {{orderNumber}}\nTotal : {{total}} DA\nWilaya : {{wilaya}}\nTéléphone : {{phone}}\nArticles : {{itemsCount}}\n{{url}}",
  },
};

export default adminOrdersPrint;
