import type { ShopDeliveryDictionary } from "./ar";

const shopDelivery: ShopDeliveryDictionary = {
  commune: "Commune",
  chooseCommune: "Choisissez la commune",
  communeSearch: "Rechercher la commune",
  communeSearchPlaceholder: "Tapez le nom de la commune…",
  communeMatches_zero: "Aucune commune ne correspond",
  communeMatches_one: "Une commune correspond",
  communeMatches_two: "{{count}} communes correspondent",
  communeMatches_few: "{{count}} communes correspondent",
  communeMatches_many: "{{count}} communes correspondent",
  communeMatches_other: "{{count}} communes correspondent",
  communesLoading: "Chargement des communes…",
  communesError: "Impossible de charger les communes",
  deliveryType: "Livraison",
  home: "À domicile",
  stopDesk: "Stop-desk (point relais)",
  stopDeskChoice: "Point relais",
  chooseStopDesk: "Choisissez le point relais",
  stopDesksLoading: "Chargement des points relais…",
  stopDeskIn: "{{name}} ({{commune}})",
  stopDeskAt: "{{name}} ({{commune}}) - {{address}}",
  fields: {
    invalid_commune: "Commune invalide",
    invalid_delivery_type: "Type de livraison invalide",
    commune_required: "Choisissez votre commune.",
    commune_not_in_wilaya: "Cette commune n'est pas dans la wilaya choisie",
    no_stop_desk: "Cette wilaya n'a pas de stop-desk",
    stop_desk_required: "Choisissez le point relais.",
    stop_desk_unknown: "Ce point relais n'est pas disponible dans la wilaya choisie, choisissez-en un autre.",
  },
};

export default shopDelivery;
