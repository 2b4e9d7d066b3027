/**
 * Admin texts of the orders export (/admin/orders.csv), the delivery slip (/admin/orders/:id/slip),
 * the new-orders badge and the new-order notification (Telegram / ORDER_NOTIFY_URL). Arabic is the source.
 */
const adminOrdersPrint = {
  exportCsv: "تصدير CSV",
  printSlip: "طباعة وصل التسليم",
  csv: {
    orderNumber: "رقم الطلب",
    date: "التاريخ (ISO)",
    localDate: "التاريخ",
    status: "الحالة",
    source: "المصدر",
    customer: "الزبون",
    phone: "الهاتف",
    wilaya: "الولاية",
    commune: "البلدية",
    deliveryType: "نوع التوصيل",
    stopDesk: "نقطة الاستلام",
    items: "المنتجات",
    itemsTotal: "مجموع المنتجات",
    delivery: "التوصيل",
    total: "المجموع",
  },
  deliveryType: {
    home: "إلى المنزل",
    stop_desk: "مكتب التوصيل",
  },
  slip: {
    title: "وصل التسليم {{orderNumber}}",
    print: "طباعة",
    shop: "المتجر",
    order: "الطلب",
    date: "التاريخ",
    recipient: "المستلم",
    phone: "الهاتف",
    wilaya: "الولاية",
    commune: "البلدية",
    address: "العنوان",
    deliveryType: "التوصيل",
    stopDesk: "نقطة الاستلام",
    items: "المنتجات",
    cod: "المبلغ عند الاستلام",
    qrLabel: "رمز QR لرقم الطلب {{orderNumber}}",
  },
  newOrders: {
    badge_zero: "لا طلبات جديدة",
    badge_one: "طلب جديد واحد",
    badge_two: "طلبان جديدان",
    badge_few: "{{count}} طلبات جديدة",
    badge_many: "{{count}} طلباً جديداً",
    badge_other: "{{count}} طلب جديد",
  },
  notify: {
    /** The Telegram message of a new order (plain text). */
    message: "طلب جديد {{orderNumber}}\nالمجموع: {{total}} دج\nالولاية: {{wilaya}}\nالهاتف: {{phone}}\nعدد القطع: {{itemsCount}}\n{{url}}",
  },
};

export default adminOrdersPrint;
export type AdminOrdersPrintDictionary = typeof adminOrdersPrint;
