/**
 * Texts of the jewellery pages (/jewellery, /jewellery/{id}) and their order form. Arabic is the
 * source of keys. The alerts are the shop's exact wording.
 */
const jewellery = {
  meta: {
    title: "المجوهرات",
    description: "مجوهرات من ذهب عيار 18: عقود وقلادات وخواتم وأساور وأقراط وتيجان، مع الدفع عند الاستلام والتوصيل إلى كل الولايات.",
  },
  list: {
    title: "المجوهرات",
    intro: "قطع من ذهب عيار 18 مختارة بعناية، مع باقات بأسعار مخفضة.",
    filterLabel: "تصفية حسب الفئة",
    all: "الكل",
    empty: "لا توجد مجوهرات في هذه الفئة حالياً.",
    count_zero: "لا توجد قطع",
    count_one: "قطعة واحدة",
    count_two: "قطعتان",
    count_few: "{{count}} قطع",
    count_many: "{{count}} قطعة",
    count_other: "{{count}} قطعة",
    view: "اطلب الآن",
  },
  categories: {
    Necklaces: "عقود",
    Pendants: "قلادات",
    Rings: "خواتم",
    Bracelets: "أساور",
    Earrings: "أقراط",
    Crowns: "تيجان",
  },
  item: {
    breadcrumb: "مسار التصفح",
    home: "الرئيسية",
    arabicName: "الاسم بالعربية",
    category: "الفئة",
    price: "السعر",
    originalPrice: "السعر الأصلي",
    discount: "التخفيض",
    discountValue: "{{percent}}%",
    availability: "التوفر",
    inStock: "متوفر ({{count}} في المخزون)",
    outOfStock: "غير متوفر حالياً",
    description: "الوصف",
    features: "المميزات",
    details: "التفاصيل",
    brand: "العلامة",
    material: "المعدن",
    weight: "الوزن",
    stones: "الأحجار",
  },
  materials: {
    "18K Gold": "ذهب عيار 18",
  },
  bundle: {
    label: "الباقة",
    legend: "اختر الباقة",
    save: "وفر {{percent}}%",
  },
  bundles: {
    single: { name: "قطعة واحدة", description: "قطعة واحدة من هذا التصميم." },
    double: { name: "قطعتان", description: "قطعتان من هذا التصميم، هدية لمن تحب." },
    triple: { name: "ثلاث قطع", description: "ثلاث قطع من هذا التصميم بأفضل سعر." },
  },
  form: {
    title: "معلومات الطلب",
    name: "الاسم الكامل",
    namePlaceholder: "الاسم واللقب",
    phone: "رقم الهاتف",
    phonePlaceholder: "05xxxxxxxx",
    email: "البريد الإلكتروني",
    emailPlaceholder: "name@example.com",
    required: "يرجى ملء جميع الحقول المطلوبة",
    submit: "اشترِ الآن",
    sending: "جاري إرسال الطلب...",
    unavailable: "هذه القطعة غير متوفرة حالياً.",
    cashOnDelivery: "الدفع عند الاستلام",
  },
  summary: {
    title: "ملخص الطلب",
    item: "القطعة",
    bundle: "الباقة",
    bundlePrice: "سعر الباقة",
    delivery: "التوصيل",
    deliveryTime: "مدة التوصيل",
    deliveryPending: "اختر ولايتك لمعرفة سعر التوصيل ومدته",
    total: "المجموع",
  },
  success: "تم إرسال طلبك بنجاح! سنتواصل معك قريباً لتأكيد الطلب.",
  error: "حدث خطأ في إرسال الطلب. يرجى المحاولة مرة أخرى أو التواصل معنا مباشرة.",
};

export type JewelleryDictionary = typeof jewellery;
export default jewellery;
