/**
 * Texts of the admin link analytics (/admin/analytics). Arabic is the source of keys;
 * the title (تحليلات الروابط), the empty state (لا توجد بيانات) and the load error are the shop's exact wording.
 */
const adminAnalytics = {
  title: "تحليلات الروابط",
  intro: "أداء روابط المشاركة القابلة للتتبع: النقرات والطلبات التي جاءت منها.",
  loadError: "حدث خطأ في تحميل البيانات",
  loadErrorHint: "تُعرض الأرقام صفراً حتى يعود التحميل. أعد تحميل الصفحة بعد قليل.",
  retry: "إعادة المحاولة",
  empty: "لا توجد بيانات",
  emptyHint: "تظهر الروابط هنا بعد أول مشاركة لمنتج أو مجموعة أو صفحة.",
  cards: {
    label: "ملخص الروابط",
    links: "إجمالي الروابط",
    clicks: "إجمالي النقرات",
    conversions: "التحويلات",
    rate: "معدل التحويل",
  },
  chart: {
    title: "النقرات اليومية",
    lastDays_zero: "لا أيام",
    lastDays_one: "آخر يوم",
    lastDays_two: "آخر يومين",
    lastDays_few: "آخر {{count}} أيام",
    lastDays_many: "آخر {{count}} يوماً",
    lastDays_other: "آخر {{count}} يوم",
    label: "مخطط النقرات اليومية من {{from}} إلى {{to}}",
    summary: "المجموع {{total}}. أكثر يوم: {{peakDay}} ({{peakClicks}}).",
    summaryNoClicks: "لا توجد نقرات في هذه الفترة.",
    tableCaption: "النقرات اليومية من {{from}} إلى {{to}}",
    day: "اليوم",
    clicks: "النقرات",
    bar: "{{date}}: {{clicks}}",
  },
  clicks_zero: "لا نقرات",
  clicks_one: "نقرة واحدة",
  clicks_two: "نقرتان",
  clicks_few: "{{count}} نقرات",
  clicks_many: "{{count}} نقرة",
  clicks_other: "{{count}} نقرة",
  top: {
    title: "الروابط الأكثر أداءً",
    intro: "أكثر {{limit}} روابط نقراً.",
    rank: "الترتيب",
  },
  links: {
    title: "جميع روابط التتبع",
    intro: "كل الروابط، الأحدث أولاً.",
    scrollHint: "اسحب الجدول أفقياً لرؤية باقي الأعمدة.",
  },
  columns: {
    code: "رمز الرابط",
    target: "النوع والهدف",
    source: "المصدر",
    clicks: "النقرات",
    conversions: "التحويلات",
    created: "تاريخ الإنشاء",
    actions: "الإجراءات",
  },
  targetType: {
    product: "منتج",
    collection: "مجموعة",
    page: "صفحة",
  },
  deletedTarget: "هدف محذوف",
  inactive: "معطّل",
  noSource: "مباشر",
  conversionRate: "{{conversions}} ({{rate}})",
  copy: "نسخ الرابط",
  copyLabel: "نسخ الرابط {{code}}",
  copied: "تم النسخ!",
  noUrl: "لا رابط",
};

export type AdminAnalyticsDictionary = typeof adminAnalytics;
export default adminAnalytics;
