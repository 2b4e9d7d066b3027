import type { ShopDeliveryDictionary } from "./ar";

const shopDelivery: ShopDeliveryDictionary = {
  commune: "Commune",
  chooseCommune: "Choose the commune",
  communeSearch: "Search for the commune",
  communeSearchPlaceholder: "Type the commune's name…",
  communeMatches_zero: "No matching commune",
  communeMatches_one: "One matching commune",
  communeMatches_two: "{{count}} matching communes",
  communeMatches_few: "{{count}} matching communes",
  communeMatches_many: "{{count}} matching communes",
  communeMatches_other: "{{count}} matching communes",
  communesLoading: "Loading the communes…",
  communesError: "The communes could not be loaded",
  deliveryType: "Delivery",
  home: "Home delivery",
  stopDesk: "Stop-desk (pick-up point)",
  stopDeskChoice: "Stop-desk",
  chooseStopDesk: "Choose the stop-desk",
  stopDesksLoading: "Loading the stop-desks…",
  stopDeskIn: "{{name}} ({{commune}})",
  stopDeskAt: "{{name}} ({{commune}}) - {{address}}",
  fields: {
    invalid_commune: "Invalid commune",
    invalid_delivery_type: "Invalid delivery type",
    commune_required: "Choose your commune.",
    commune_not_in_wilaya: "This commune is not in the chosen wilaya",
    no_stop_desk: "This wilaya has no stop-desk",
    stop_desk_required: "Choose the stop-desk.",
    stop_desk_unknown: "This stop-desk is not available in the chosen wilaya; choose another.",
  },
};

export default shopDelivery;
