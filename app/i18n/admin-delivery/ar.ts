/** Admin texts of the delivery settings page (/admin/delivery). Arabic is the source. */
const adminDelivery = {
  title: "التوصيل",
  intro: "أسعار التوصيل ومدته لكل ولاية. اترك سعر المكتب فارغاً إذا لم يكن هناك توصيل إلى المكتب (Stop-desk) في الولاية.",
  columns: {
    code: "الرمز",
    name: "الولاية",
    homePrice: "التوصيل للمنزل (دج)",
    stopDeskPrice: "التوصيل للمكتب (دج)",
    deliveryTime: "مدة التوصيل",
    zone: "المنطقة",
    active: "مفعّلة",
    actions: "حفظ",
  },
  rowLabel: "الولاية {{code}} - {{name}}",
  save: "حفظ",
  saved: "تم حفظ إعدادات التوصيل للولاية {{code}}",
  saveFailed: "تعذر حفظ إعدادات التوصيل، حاول مرة أخرى",
  notFound: "هذه الولاية غير موجودة",
  invalid: "تحقق من القيم المدخلة للولاية {{code}}",
  noStopDesk: "لا يوجد",
  inactive: "غير مفعّلة",
  deliveryTimeHint: "مثال: 1-2 days",
  errors: {
    price: "أدخل عدداً صحيحاً من 0 إلى 100000",
    time: "اكتب المدة بالشكل 1-2 days",
    zone: "اختر منطقة من A إلى D",
  },
};

export default adminDelivery;
export type AdminDeliveryDictionary = typeof adminDelivery;
