/** Search texts: the top-bar box and the /search page. Arabic is the source. */
const search = {
  box: {
    label: "ابحث عن منتج",
    placeholder: "ابحث عن منتج...",
    submit: "بحث",
  },
  title: "البحث",
  resultsTitle: "نتائج البحث عن «{{query}}»",
  description: "ابحث في منتجات {{shopName}} بالعربية أو الفرنسية أو الإنجليزية.",
  resultCount_zero: "لا توجد نتائج",
  resultCount_one: "منتج واحد",
  resultCount_two: "منتجان",
  resultCount_few: "{{count}} منتجات",
  resultCount_many: "{{count}} منتجاً",
  resultCount_other: "{{count}} منتج",
  emptyQuery: "اكتب اسم المنتج الذي تبحث عنه في خانة البحث.",
  noResults: "لم نجد منتجات تطابق «{{query}}».",
  noResultsHint: "جرّب كلمة أخرى، أو تصفح التصنيفات.",
  browseCategories: "تصفح التصنيفات",
  sort: {
    relevance: "الأكثر صلة",
  },
};

export default search;
export type SearchDictionary = typeof search;
