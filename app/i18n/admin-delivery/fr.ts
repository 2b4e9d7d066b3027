import type { AdminDeliveryDictionary } from "./ar";

const adminDelivery: AdminDeliveryDictionary = {
  title: "Livraison",
  intro: "Tarifs et délais de livraison de chaque wilaya. Laissez le tarif stop-desk vide si la wilaya n'a pas de stop-desk.",
  columns: {
    code: "Code",
    name: "Wilaya",
    homePrice: "À domicile (DA)",
    stopDeskPrice: "Stop-desk (DA)",
    deliveryTime: "Délai",
    zone: "Zone",
    active: "Active",
    actions: "Enregistrer",
  },
  rowLabel: "Wilaya {{code}} - {{name}}",
  save: "Enregistrer",
  saved: "Réglages de livraison de la wilaya {{code}} enregistrés",
  saveFailed: "Les réglages de livraison n'ont pas pu être enregistrés, réessayez",
  notFound: "Cette wilaya n'existe pas",
  invalid: "Vérifiez les valeurs saisies pour la wilaya {{code}}",
  noStopDesk: "Aucun",
  inactive: "Inactive",
  deliveryTimeHint: "ex. 1-2 days",
  errors: {
    price: "Saisissez un nombre entier de 0 à 100000",
    time: "Écrivez le délai sous la forme 1-2 days",
    zone: "Choisissez une zone de A à D",
  },
};

export default adminDelivery;
