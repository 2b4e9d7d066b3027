/** The admin's abandoned orders (/admin/drafts). Arabic is the source; wired into the main dictionaries as `adminDrafts`. */
const adminDrafts = {
  title: "الطلبات المتروكة",
  intro: "زبائن كتبوا رقم هاتفهم في نموذج طلب ثم غادروا. اتصل بهم، ثم حوّل المسودة إلى طلب. تُحذف المسودات بعد 30 يوما.",
  count_zero: "لا توجد مسودة",
  count_one: "مسودة واحدة",
  count_two: "مسودتان",
  count_few: "{{count}} مسودات",
  count_many: "{{count}} مسودة",
  count_other: "{{count}} مسودة",
  empty: "لا توجد طلبات متروكة.",
  caption: "الطلبات المتروكة",
  noName: "بدون اسم",
  phone: "الهاتف",
  wilaya: "الولاية",
  lines: "المنتجات",
  total: "المجموع بأسعار اليوم",
  age: "آخر تعديل",
  source: "النموذج",
  unavailable: "لم يعد متوفرا",
  convert: "تحويل إلى طلب",
  delete: "حذف",
  notices: {
    converted: "تم إنشاء الطلب {{orderNumber}}.",
    deleted: "تم حذف المسودة.",
  },
  errors: {
    bad_request: "طلب غير صالح.",
    not_found: "هذه المسودة لم تعد موجودة.",
  },
};

export default adminDrafts;
export type AdminDraftsDictionary = typeof adminDrafts;
