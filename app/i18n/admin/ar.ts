/** Admin area shell texts: sign-in, header, tabs, session errors. Arabic is the source. */
const admin = {
  title: "لوحة التحكم",
  signedInAs: "متصل باسم {{email}}",
  logout: "تسجيل الخروج",
  tabsLabel: "أقسام لوحة التحكم",
  /** One label per tab, in the layout's order. */
  tabs: {
    products: "المنتجات",
    orders: "الطلبات",
    inventory: "المخزون",
    "custom-pages": "الصفحات المخصصة",
    collections: "المجموعات",
    "page-layouts": "تخطيط الصفحات",
    analytics: "الإحصائيات",
    categories: "التصنيفات",
    sections: "الأقسام",
    delivery: "التوصيل",
    couriers: "شركات التوصيل",
    settings: "الإعدادات",
  },
  comingLater: "سيتوفر هذا القسم لاحقاً",
  login: {
    title: "تسجيل دخول المسؤول",
    email: "البريد الإلكتروني",
    password: "كلمة المرور",
    submit: "تسجيل الدخول",
    wrongCredentials: "كلمة المرور غير صحيحة",
    throttled: "محاولات فاشلة كثيرة. يرجى الانتظار 15 دقيقة ثم المحاولة من جديد.",
    missingFields: "أدخل البريد الإلكتروني وكلمة المرور.",
  },
  /** The message of a refused admin request, by its `error.code`. */
  errors: {
    unauthorized: "انتهت الجلسة أو لم تسجّل الدخول بعد. يرجى تسجيل الدخول.",
    cross_site: "تم رفض الطلب لأنه لم يصدر من هذا الموقع.",
    forbidden: "ليست لديك صلاحية لهذه الصفحة. اطلب ذلك من صاحب المتجر.",
    signInAgain: "تسجيل الدخول",
  },
};

export default admin;
export type AdminDictionary = typeof admin;
