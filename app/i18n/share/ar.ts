/** Texts of share. Arabic is the source of keys. */
const share = {
  open: "مشاركة",
  openLabel: "مشاركة «{{title}}»",
  full: {
    title: "مشاركة المنتج:",
    collectionTitle: "مشاركة المجموعة:",
    pageTitle: "مشاركة الصفحة:",
  },
  whatsapp: "واتساب",
  whatsappLabel: "مشاركة عبر واتساب (نافذة جديدة)",
  facebook: "فيسبوك",
  facebookLabel: "مشاركة على فيسبوك (نافذة جديدة)",
  qr: "رمز QR",
  copy: "نسخ الرابط",
  copied: "تم النسخ!",
  native: "مشاركة عبر الجهاز",
  linkFailed: "تعذر إنشاء الرابط، حاول مرة أخرى.",
  copyFailed: "تعذر النسخ تلقائياً، انسخ الرابط يدوياً.",
  unavailable: "تعذر فتح نافذة المشاركة، تحقق من الاتصال وحاول مرة أخرى.",
  modal: {
    title: "مشاركة الرابط",
    loading: "جاري إنشاء الرابط...",
    qrAlt: "رمز QR لرابط «{{title}}»",
    scanHint: "امسح الرمز باستخدام الكاميرا",
    linkLabel: "الرابط القابل للتتبع:",
    copy: "نسخ",
    retry: "إعادة المحاولة",
    close: "إغلاق",
  },
  /** Messages of POST /api/share-links refusals, by `error.code` (server). */
  errors: {
    invalidJson: "تعذّر قراءة الطلب. يرجى المحاولة مرة أخرى.",
    invalid: "بيانات الرابط غير صالحة.",
    unknownTarget: "الصفحة المطلوب مشاركتها غير موجودة أو غير متاحة.",
    rateLimited: "لقد أنشأت روابط كثيرة خلال وقت قصير. يرجى المحاولة لاحقاً.",
    methodNotAllowed: "هذه الطريقة غير مسموح بها.",
  },
};

export type ShareDictionary = typeof share;
export default share;
