/**
 * Ordering texts (customer fields, quick-buy modal, product order form, contact quick
 * order, delivery calculator). Arabic is the source; wired into the main dictionaries as `order`.
 * The success and failure texts are the shop's exact wording.
 */
const order = {
  fields: {
    firstName: "الاسم",
    lastName: "اللقب",
    phone: "رقم الهاتف",
    phonePlaceholder: "05xxxxxxxx",
    wilaya: "الولاية",
    chooseWilaya: "اختر ولايتك",
    wilayaSearch: "ابحث عن ولايتك",
    wilayaSearchPlaceholder: "اكتب اسم الولاية أو رمزها",
    wilayaMatches_zero: "لا توجد ولاية بهذا الاسم",
    wilayaMatches_one: "ولاية واحدة مطابقة",
    wilayaMatches_two: "ولايتان مطابقتان",
    wilayaMatches_few: "{{count}} ولايات مطابقة",
    wilayaMatches_many: "{{count}} ولاية مطابقة",
    wilayaMatches_other: "{{count}} ولاية مطابقة",
    address: "العنوان الكامل",
    addressPlaceholder: "البلدية، الحي، الشارع، رقم المنزل",
    addressOptional: "اختياري عند التوصيل للمكتب",
    updateFee: "احسب سعر التوصيل",
    product: "المنتج",
    chooseProduct: "اختر المنتج",
    quantity: "الكمية",
    honeypot: "اترك هذا الحقل فارغاً",
    required: "مطلوب",
  },
  submit: "تأكيد الطلب",
  sending: "جاري إرسال الطلب...",
  orderNumber: "رقم طلبك: {{number}}",
  /** A form refused for its fields (each field says why): not a failure of the shop. */
  invalidTitle: "يرجى تصحيح الحقول المشار إليها أدناه.",
  summary: {
    items: "سعر المنتجات",
    delivery: "التوصيل",
    deliveryPending: "اختر ولايتك لمعرفة سعر التوصيل",
    total: "المجموع",
    cashOnDelivery: "الدفع عند الاستلام",
  },
  offer: {
    legend: "اختر العرض",
    plain_zero: "{{count}} قطعة",
    plain_one: "قطعة واحدة",
    plain_two: "قطعتان",
    plain_few: "{{count}} قطع",
    plain_many: "{{count}} قطعة",
    plain_other: "{{count}} قطعة",
  },
  quickBuy: {
    title: "شراء سريع",
    close: "إغلاق",
    quantity: "× {{count}}",
    successTitle: "تم إرسال طلبك بنجاح",
    successText: "سنقوم بالتواصل معك قريباً",
    errorTitle: "حدث خطأ في إرسال الطلب",
    errorText: "يرجى المحاولة مرة أخرى",
  },
  product: {
    title: "اطلب الآن والدفع عند الاستلام",
    successTitle: "تم إرسال طلبك بنجاح!",
    successText: "سنتواصل معك قريباً.",
    error: "حدث خطأ في إرسال الطلب. يرجى المحاولة مرة أخرى.",
  },
  contact: {
    intro: "املأ الاستمارة وسنتصل بك لتأكيد طلبك. الدفع عند الاستلام.",
    deliveryPrice: "سعر التوصيل إلى {{wilaya}}:",
    successTitle: "تم إرسال طلبك بنجاح",
    successText: "شكراً لك! سنتواصل معك قريباً لتأكيد الطلب.",
    errorTitle: "حدث خطأ",
    errorText: "يرجى المحاولة مرة أخرى أو التواصل معنا.",
  },
  calculator: {
    intro: "اختر ولايتك لمعرفة سعر التوصيل ومدته.",
    show: "احسب سعر التوصيل",
    price: "سعر التوصيل",
    time: "مدة التوصيل",
    zone: "المنطقة",
    zoneLabel: "المنطقة {{zone}}",
  },
};

export default order;
export type OrderDictionary = typeof order;
