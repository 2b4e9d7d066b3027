import type { AdminDraftsDictionary } from "./ar";

const adminDrafts: AdminDraftsDictionary = {
  title: "Commandes abandonnées",
  intro:
    "Des clients ont saisi leur téléphone dans un formulaire de commande puis sont partis. Appelez-les, puis transformez le brouillon en commande. Les brouillons sont effacés après 30 jours.",
  count_zero: "Aucun brouillon",
  count_one: "{{count}} brouillon",
  count_two: "{{count}} brouillons",
  count_few: "{{count}} brouillons",
  count_many: "{{count}} brouillons",
  count_other: "{{count}} brouillons",
  empty: "Aucune commande abandonnée.",
  caption: "Commandes abandonnées",
  noName: "Sans nom",
  phone: "Téléphone",
  wilaya: "Wilaya",
  lines: "Produits",
  total: "Total aux prix du jour",
  age: "Dernière modification",
  source: "Formulaire",
  unavailable: "plus disponible",
  convert: "Transformer en commande",
  delete: "Supprimer",
  notices: {
    converted: "La commande {{orderNumber}} est créée.",
    deleted: "Le brouillon est supprimé.",
  },
  errors: {
    bad_request: "Requête invalide.",
    not_found: "Ce brouillon n’existe plus.",
  },
};

export default adminDrafts;
