/**
 * Cart texts (drawer, cart page, line notices). Arabic is the source; wired into the main
 * dictionaries as `cart`. The order failure text is the shop's exact wording; the cart has no
 * success text of its own, so the page shows the quick-buy's (order.quickBuy).
 */
const cart = {
  drawer: {
    title: "سلة التسوق",
    close: "إغلاق السلة",
    empty: "سلتك فارغة",
    emptyHint: "أضف منتجات إلى سلتك لتجدها هنا.",
    browse: "تصفح المنتجات",
    total: "المجموع",
    quickBuy: "شراء سريع · {{total}}",
    checkout: "إتمام الطلب",
    continueShopping: "متابعة التسوق",
  },
  line: {
    quantityOf: "كمية {{title}}",
    decrease: "إنقاص كمية {{title}}",
    increase: "زيادة كمية {{title}}",
    remove: "إزالة",
    removeLabel: "إزالة {{title}} من السلة",
    unitPrice: "سعر الوحدة",
    lineTotal: "المجموع",
    noImage: "لا توجد صورة",
    unknownTitle: "منتج غير معروف",
    priceChanged: "تغيّر السعر: كان {{before}}، أصبح {{now}}",
    outOfStock: "نفد المخزون: أزله من السلة لإتمام الطلب.",
    unknown: "هذا المنتج لم يعد متوفراً في المتجر: أزله من السلة لإتمام الطلب.",
    limited_zero: "نفد المخزون: أزله من السلة لإتمام الطلب.",
    limited_one: "بقيت قطعة واحدة فقط: خفّض الكمية لإتمام الطلب.",
    limited_two: "بقيت قطعتان فقط: خفّض الكمية لإتمام الطلب.",
    limited_few: "بقيت {{count}} قطع فقط: خفّض الكمية لإتمام الطلب.",
    limited_many: "بقيت {{count}} قطعة فقط: خفّض الكمية لإتمام الطلب.",
    limited_other: "بقيت {{count}} قطعة فقط: خفّض الكمية لإتمام الطلب.",
  },
  page: {
    title: "سلة التسوق",
    description: "راجع منتجات سلتك واطلبها بالدفع عند الاستلام.",
    empty: "سلتك فارغة",
    emptyHint: "لم تضف أي منتج بعد. تصفح التصنيفات واختر ما يعجبك.",
    browse: "تصفح التصنيفات",
    items: "المنتجات",
    itemCount_zero: "لا توجد منتجات",
    itemCount_one: "منتج واحد",
    itemCount_two: "منتجان",
    itemCount_few: "{{count}} منتجات",
    itemCount_many: "{{count}} منتجاً",
    itemCount_other: "{{count}} منتج",
    pricesChanged: "تغيّرت أسعار بعض المنتجات منذ أضفتها. الأسعار المعروضة هي الأسعار الحالية.",
    fixCart: "بعض المنتجات غير متوفرة بالكمية المطلوبة. عدّل السلة لإتمام الطلب.",
    checkoutTitle: "معلومات التوصيل",
    checkoutIntro: "املأ معلوماتك وسنتصل بك لتأكيد الطلب. الدفع عند الاستلام.",
    itemsTotal: "مجموع المنتجات",
    delivery: "التوصيل",
    deliveryPending: "اختر ولايتك",
    deliveryTime: "مدة التوصيل",
    grandTotal: "المجموع الكلي",
    submit: "تأكيد الطلب",
    sending: "جاري إرسال الطلب...",
    cashOnDelivery: "الدفع عند الاستلام",
    continueShopping: "متابعة التسوق",
  },
  success: {
    continueShopping: "متابعة التسوق",
  },
  error: {
    title: "حدث خطأ في إرسال الطلب",
    message: "يرجى المحاولة مرة أخرى أو التواصل معنا",
  },
  api: {
    invalidCart: "تعذّرت قراءة السلة.",
  },
};

export default cart;
export type CartDictionary = typeof cart;
