/**
 * Arabic: the default language and the source of every key. en.ts and fr.ts
 * must have exactly the same shape (checked by the compiler).
 * Interpolation uses {{name}}; plurals use i18next's _zero/_one/_two/_few/_many/_other suffixes.
 */
import catalog from "./catalog/ar";
import search from "./search/ar";
import cart from "./cart/ar";
import orders from "./orders/ar";
import order from "./order/ar";
import arPages from "./pages/ar";
import admin from "./admin/ar";
import adminProducts from "./admin-products/ar";
import adminInventory from "./admin-inventory/ar";
import adminOrders from "./admin-orders/ar";
import adminDelivery from "./admin-delivery/ar";
import adminCouriers from "./admin-couriers/ar";
import shopDelivery from "./shop-delivery/ar";
import adminOrdersPrint from "./admin-orders-print/ar";
import adminShipping from "./admin-shipping/ar";
import adminConfirmation from "./admin-confirmation/ar";
import adminDashboard from "./admin-dashboard/ar";
import adminDrafts from "./admin-drafts/ar";
import adminOrderEdit from "./admin-order-edit/ar";
import adminMerchandising from "./admin-merchandising/ar";
import adminAnalytics from "./admin-analytics/ar";
import jewellery from "./jewellery/ar";
import wholesale from "./wholesale/ar";
import appliances from "./appliances/ar";
import share from "./share/ar";
import merchandising from "./merchandising/ar";
import http from "./http/ar";
import settings from "./settings/ar";

const ar = {
  catalog,
  search,
  cart,
  orders,
  order,
  adminProducts,
  adminInventory,
  adminOrders,
  adminDelivery,
  adminCouriers,
  shopDelivery,
  adminOrdersPrint,
  adminShipping,
  adminConfirmation,
  adminDashboard,
  adminDrafts,
  adminOrderEdit,
  adminMerchandising,
  adminAnalytics,
  jewellery,
  wholesale,
  appliances,
  share,
  merchandising,
  http,
  settings,
  meta: {
    title: "{{shopName}} | تسوق أونلاين في الجزائر والدفع عند الاستلام",
    description: "أجهزة منزلية، أدوات مدرسية، ألعاب، عطور وأكثر. اطلب بسهولة وادفع عند الاستلام مع التوصيل إلى 69 ولاية.",
    pageTitle: "{{page}} | {{shopName}}",
  },
  common: {
    currency: "دج",
    free: "مجاني",
    loading: "جاري التحميل...",
    skipToContent: "انتقل إلى المحتوى",
    days: "{{min}}-{{max}} أيام",
  },
  forms: {
    /** At the top of any form refused for its fields (FormErrorSummary). */
    invalid: "يرجى إدخال البيانات بشكل صحيح.",
  },
  topBar: {
    welcome: "مرحباً بكم في {{shopName}}: الدفع عند الاستلام والتوصيل إلى 69 ولاية",
    changeLanguage: "تغيير اللغة إلى {{language}}",
    cart: "السلة",
    cartWithCount_zero: "السلة فارغة",
    cartWithCount_one: "السلة: منتج واحد",
    cartWithCount_two: "السلة: منتجان",
    cartWithCount_few: "السلة: {{count}} منتجات",
    cartWithCount_many: "السلة: {{count}} منتجاً",
    cartWithCount_other: "السلة: {{count}} منتج",
    openMenu: "فتح القائمة",
    closeMenu: "إغلاق القائمة",
    home: "{{shopName}}: الصفحة الرئيسية",
  },
  languageNames: {
    ar: "العربية",
    en: "English",
    fr: "Français",
  },
  nav: {
    label: "القائمة الرئيسية",
    home: "الرئيسية",
    categories: "التصنيفات",
    homeAppliances: "الأجهزة المنزلية",
    schoolSupplies: "الأدوات المدرسية",
    games: "الألعاب",
    contact: "اتصل بنا",
    cart: "السلة",
    buyNow: "اشتر الآن",
  },
  footer: {
    tagline: "متجرك الإلكتروني في الجزائر: منتجات أصلية، أسعار واضحة بالدينار، والدفع عند الاستلام.",
    shop: "المتجر",
    about: "من نحن",
    paymentMethods: "طرق الدفع",
    shipping: "الشحن والتوصيل",
    policies: "السياسات",
    terms: "الشروط والأحكام",
    returns: "سياسة الإرجاع",
    privacy: "سياسة الخصوصية",
    contact: "التواصل",
    contactUs: "اتصل بنا",
    faq: "الأسئلة الشائعة",
    follow: "تابعونا",
    facebook: "فيسبوك",
    instagram: "إنستغرام",
    tiktok: "تيك توك",
    legal: "الإشعارات القانونية",
    phone: "الهاتف:",
    rights: "© {{year}} {{shopName}}. جميع الحقوق محفوظة.",
  },
  home: {
    heroTitle: "تسوق براحة، وادفع عند الاستلام",
    heroDelivery: "التوصيل مجاني في {{freeWilaya}}، وبداية من {{minFee}} في باقي الولايات",
    heroDeliveryAllPaid: "التوصيل إلى كل الولايات بداية من {{minFee}}",
    categoriesTitle: "تسوق حسب التصنيف",
    productCount_zero: "لا توجد منتجات",
    productCount_one: "منتج واحد",
    productCount_two: "منتجان",
    productCount_few: "{{count}} منتجات",
    productCount_many: "{{count}} منتجاً",
    productCount_other: "{{count}} منتج",
    noCategories: "لا توجد تصنيفات متاحة حالياً",
  },
  shipping: {
    tableTitle: "رسوم ومدة التوصيل حسب الولاية",
    code: "الرمز",
    wilaya: "الولاية",
    fee: "رسوم التوصيل",
    time: "مدة التوصيل",
  },
  notFound: {
    title: "الصفحة غير موجودة",
    message: "عذراً، لم نجد الصفحة التي تبحث عنها. ربما تم نقلها أو أن الرابط غير صحيح.",
    home: "العودة إلى الرئيسية",
  },
  error: {
    title: "حدث خطأ",
    message: "يرجى المحاولة مرة أخرى أو التواصل معنا.",
    home: "العودة إلى الرئيسية",
  },
  api: {
    invalidLanguage: "اللغة المطلوبة غير مدعومة",
    bodyTooLargeTitle: "الطلب كبير جداً",
    bodyTooLarge: "ما أرسلته أكبر من المسموح به. يرجى تقليله والمحاولة مرة أخرى.",
  },
  pages: arPages,
  admin,
};

export default ar;
export type Dictionary = typeof ar;
