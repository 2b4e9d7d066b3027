import type { AdminDeliveryDictionary } from "./ar";

const adminDelivery: AdminDeliveryDictionary = {
  title: "Delivery",
  intro: "Delivery fees and times for each wilaya. Leave the stop-desk fee empty where the wilaya has no stop-desk.",
  columns: {
    code: "Code",
    name: "Wilaya",
    homePrice: "Home delivery (DA)",
    stopDeskPrice: "Stop-desk (DA)",
    deliveryTime: "Delivery time",
    zone: "Zone",
    active: "Active",
    actions: "Save",
  },
  rowLabel: "Wilaya {{code}} - {{name}}",
  save: "Save",
  saved: "Delivery settings of wilaya {{code}} saved",
  saveFailed: "The delivery settings could not be saved, please try again",
  notFound: "This wilaya does not exist",
  invalid: "Check the values entered for wilaya {{code}}",
  noStopDesk: "None",
  inactive: "Inactive",
  deliveryTimeHint: "e.g. 1-2 days",
  errors: {
    price: "Enter a whole number from 0 to 100000",
    time: "Write the time as 1-2 days",
    zone: "Choose a zone from A to D",
  },
};

export default adminDelivery;
