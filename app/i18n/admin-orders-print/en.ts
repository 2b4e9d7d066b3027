import type { AdminOrdersPrintDictionary } from "./ar";

const adminOrdersPrint: AdminOrdersPrintDictionary = {
  exportCsv: "Export CSV",
  printSlip: "Print delivery slip",
  csv: {
    orderNumber: "Order number",
    date: "Date (ISO)",
    localDate: "Date",
    status: "Status",
    source: "Source",
    customer: "Customer",
    phone: "Phone",
    wilaya: "Wilaya",
    commune: "Commune",
    deliveryType: "Delivery type",
    stopDesk: "Stop-desk",
    items: "Items",
    itemsTotal: "Items total",
    delivery: "Delivery",
    total: "Total",
  },
  deliveryType: {
    home: "To the door",
    stop_desk: "Stop-desk",
  },
  slip: {
    title: "Delivery slip {{orderNumber}}",
    print: "Print",
    shop: "Shop",
    order: "Order",
    date: "Date",
    recipient: "Recipient",
    phone: "Phone",
    wilaya: "Wilaya",
    commune: "Commune",
    address: "Address",
    deliveryType: "Delivery",
    stopDesk: "Stop-desk",
    items: "Items",
    cod: "Cash on delivery",
    qrLabel: "QR code of order {{orderNumber}}",
  },
  newOrders: {
    badge_zero: "No new orders",
    badge_one: "{{count}} new order",
    badge_two: "{{count}} new orders",
    badge_few: "{{count}} new orders",
    badge_many: "{{count}} new orders",
    badge_other: "{{count}} new orders",
  },
  notify: {
    message: "New order {{orderNumber}}\nTotal: {{total}} DA\nWilaya: {{wilaya}}\nPhone: {{phone}}\nItems: {{itemsCount}}\n{{url}}",
  },
};

export default adminOrdersPrint;
