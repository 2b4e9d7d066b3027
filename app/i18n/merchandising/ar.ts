/** Texts of merchandising: collection pages, custom pages, page sections and featured collections. Arabic is the source of keys. */
const merchandising = {
  notFoundCode: "404",
  browse: "تصفح التصنيفات",
  retry: "إعادة المحاولة",
  loadErrorText: "يرجى المحاولة مرة أخرى بعد قليل.",
  collection: {
    notFound: "المجموعة غير موجودة",
    notFoundText: "ربما لم تعد هذه المجموعة متاحة أو أن الرابط غير صحيح.",
    loadError: "حدث خطأ في تحميل المجموعة",
    productsTitle: "منتجات المجموعة",
    addAll: "أضف الكل للسلة",
    adding: "جاري الإضافة...",
    addAllDone: "تم إضافة {{count}} منتج إلى السلة!",
    empty: "لا توجد منتجات في هذه المجموعة حالياً",
  },
  customPage: {
    notFound: "الصفحة غير موجودة",
    notFoundText: "ربما لم تعد هذه الصفحة متاحة أو أن الرابط غير صحيح.",
    loadError: "حدث خطأ في تحميل الصفحة",
    productsTitle: "المنتجات",
    empty: "لا توجد منتجات في هذه الصفحة حالياً",
  },
  sections: {
    viewCollection: "عرض المجموعة: {{title}}",
  },
  featuredCollections: {
    title: "مجموعات مميزة",
    shop: "تسوق المجموعة",
  },
};

export type MerchandisingDictionary = typeof merchandising;
export default merchandising;
