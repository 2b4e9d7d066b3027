/** Texts of appliances (the /home-appliances page). Arabic is the source of keys. */
const appliances = {
  meta: {
    title: "الأجهزة المنزلية",
    categoryTitle: "{{category}} - الأجهزة المنزلية",
    description: "أجهزة منزلية للمطبخ والتنظيف والتبريد والعناية الشخصية والغسيل، بالدفع عند الاستلام والتوصيل إلى كل ولايات الجزائر.",
  },
  hero: {
    eyebrow: "لكل بيت جزائري",
    title: "الأجهزة المنزلية",
    text: "كل ما يحتاجه بيتك من أجهزة المطبخ والتنظيف والتبريد والعناية الشخصية والغسيل، في مكان واحد ويصلك إلى باب بيتك.",
    browse: "تصفح الأجهزة",
    points: {
      cod: "الدفع عند الاستلام",
      delivery: "توصيل إلى 69 ولاية",
      returns: "إرجاع خلال 14 يوماً",
    },
  },
  filter: {
    title: "تسوق حسب الفئة",
    label: "فئات الأجهزة المنزلية",
    all: "كل الأجهزة",
    allDescription: "أحدث الأجهزة من الفئات الست.",
  },
  /** Used only when a category row is missing from the database (the rows hold the merchant's names). */
  categories: {
    kitchen: { name: "أجهزة المطبخ", description: "أجهزة تسهل الطبخ وتحضير المشروبات كل يوم." },
    cleaning: { name: "أجهزة التنظيف", description: "مكانس وأجهزة تنظيف قوية لبيت نظيف بجهد أقل." },
    cooling: { name: "التبريد والتكييف", description: "مكيفات ومراوح وثلاجات لصيف مريح." },
    "personal-care": { name: "العناية الشخصية", description: "أجهزة العناية بالشعر والحلاقة والصحة اليومية." },
    "small-appliances": { name: "الأجهزة الصغيرة", description: "أجهزة منزلية صغيرة وعملية للاستعمال اليومي." },
    laundry: { name: "الغسيل والكي", description: "غسالات ومكاوٍ للعناية بملابسك." },
  },
  grid: {
    title: "أحدث الأجهزة",
    categoryTitle: "أحدث منتجات: {{category}}",
    shown: "نعرض أحدث {{shown}} من أصل {{total}}",
    viewAll: "عرض كل منتجات {{category}}",
    viewAllCategories: "تصفح كل الفئات",
    empty: "لا توجد أجهزة متوفرة في هذه الفئة حالياً. جرّب فئة أخرى أو اتصل بنا لنوفرها لك.",
    empty_noPhone: "لا توجد أجهزة متوفرة في هذه الفئة حالياً. جرّب فئة أخرى أو تواصل معنا عبر صفحة اتصل بنا لنوفرها لك.",
  },
  why: {
    title: "لماذا تشتري أجهزتك من عندنا؟",
    authentic: { title: "منتجات أصلية", text: "أجهزة جديدة في علبتها الأصلية، نختارها لجودتها ومتانتها." },
    cod: { title: "الدفع عند الاستلام", text: "لا تدفع شيئاً مسبقاً: تعاين طلبك وتدفع عند وصوله، أو بالتحويل البنكي إن فضلت." },
    delivery: { title: "توصيل إلى كل الولايات", text: "نوصل إلى الولايات الـ69، وتعرف سعر التوصيل ومدته قبل أن تطلب." },
    returns: { title: "إرجاع خلال 14 يوماً", text: "إن لم يناسبك الجهاز يمكنك إرجاعه خلال 14 يوماً من الاستلام." },
  },
  help: {
    title: "محتار في اختيار الجهاز المناسب؟",
    text: "أخبرنا بحاجتك ومساحة بيتك وميزانيتك، ونساعدك في اختيار الجهاز الأنسب قبل أن تطلب.",
    contact: "راسلنا",
    call: "اتصل بنا",
  },
};

export type AppliancesDictionary = typeof appliances;
export default appliances;
