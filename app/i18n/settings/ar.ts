/** Texts of the shop settings: the admin page (/admin/settings), its banner, the legal notice (/legal) and the product page's contact buttons. Arabic is the source. */
const settings = {
  admin: {
    title: "إعدادات المتجر",
    intro: "اسم المتجر ووسائل التواصل والإشعارات القانونية كما يراها الزبائن. اترك الحقل فارغاً لإخفائه.",
    sections: {
      name: "اسم المتجر",
      contact: "التواصل",
      social: "الشبكات الاجتماعية",
      legal: "الإشعارات القانونية",
    },
    fields: {
      nameAr: "الاسم بالعربية",
      nameEn: "الاسم بالإنجليزية",
      nameFr: "الاسم بالفرنسية",
      phone: "رقم الهاتف",
      whatsapp: "رقم واتساب",
      email: "البريد الإلكتروني",
      address: "العنوان",
      facebookUrl: "صفحة فيسبوك",
      instagramUrl: "حساب إنستغرام",
      tiktokUrl: "حساب تيك توك",
      rc: "رقم السجل التجاري (RC)",
      nif: "رقم التعريف الجبائي (NIF)",
    },
    hints: {
      name: "فارغ: يُستعمل الاسم الافتراضي ({{name}})",
      phone: "رقم جوال جزائري، مثال: 0550123456",
      url: "رابط https يبدأ بـ",
      nif: "15 رقماً",
    },
    save: "حفظ الإعدادات",
    saved: "تم حفظ إعدادات المتجر",
    invalid: "تحقق من الحقول المشار إليها",
    saveFailed: "تعذر حفظ الإعدادات، حاول مرة أخرى",
  },
  banner: {
    noPhone: "لم يُحدَّد رقم هاتف المتجر بعد: لا يرى الزبائن أي رقم للاتصال.",
    link: "أضف الرقم في إعدادات المتجر",
  },
  errors: {
    tooLong: "النص طويل جداً: {{max}} حرفاً كحد أقصى",
    phone: "أدخل رقم جوال جزائرياً صحيحاً (05 أو 06 أو 07 ثم 8 أرقام)",
    email: "أدخل بريداً إلكترونياً صحيحاً",
    url: "أدخل رابط صفحة على الموقع المطلوب يبدأ بـ https://",
    rc: "أدخل رقم السجل التجاري كما هو في المستخرج (أرقام وحروف و / و -)",
    nif: "رقم التعريف الجبائي يتكون من 15 رقماً",
  },
  legal: {
    title: "الإشعارات القانونية",
    description: "معلومات البائع: الاسم، رقم السجل التجاري، رقم التعريف الجبائي والعنوان.",
    intro: "يُدار هذا المتجر الإلكتروني من طرف البائع المبيّن أدناه، وفقاً للقانون الجزائري المتعلق بالتجارة الإلكترونية.",
    seller: "البائع",
    rc: "رقم السجل التجاري",
    nif: "رقم التعريف الجبائي",
    address: "العنوان",
    phone: "الهاتف",
    email: "البريد الإلكتروني",
    pending: "هذه المعلومة قيد التحديث.",
  },
  contact: {
    whatsapp: "راسلنا على واتساب",
    address: "العنوان",
    noContact: "يمكنك الطلب مباشرة من النموذج، وسنتصل بك لتأكيد طلبك.",
  },
  product: {
    label: "اطلب بطريقة أخرى",
    whatsapp: "اطلب عبر واتساب",
    call: "اتصل للطلب",
    whatsappMessage: "السلام عليكم، أريد طلب هذا المنتج:\n{{title}}\nالسعر: {{price}}\n{{url}}",
    /** With the quantity offer the shopper picked: its label and its total. */
    whatsappOfferMessage: "السلام عليكم، أريد طلب هذا المنتج:\n{{title}}\n{{offer}} — {{total}}\n{{url}}",
  },
  /** Put in the static pages' sentences in place of a number or address the shop has not set. */
};

export default settings;
export type SettingsDictionary = typeof settings;
