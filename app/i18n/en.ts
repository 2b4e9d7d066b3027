import type { Dictionary } from "./ar";
import catalog from "./catalog/en";
import search from "./search/en";
import cart from "./cart/en";
import orders from "./orders/en";
import order from "./order/en";
import enPages from "./pages/en";
import admin from "./admin/en";
import adminProducts from "./admin-products/en";
import adminInventory from "./admin-inventory/en";
import adminOrders from "./admin-orders/en";
import adminDelivery from "./admin-delivery/en";
import adminCouriers from "./admin-couriers/en";
import shopDelivery from "./shop-delivery/en";
import adminOrdersPrint from "./admin-orders-print/en";
import adminShipping from "./admin-shipping/en";
import adminConfirmation from "./admin-confirmation/en";
import adminDashboard from "./admin-dashboard/en";
import adminDrafts from "./admin-drafts/en";
import adminOrderEdit from "./admin-order-edit/en";
import adminMerchandising from "./admin-merchandising/en";
import adminAnalytics from "./admin-analytics/en";
import jewellery from "./jewellery/en";
import wholesale from "./wholesale/en";
import appliances from "./appliances/en";
import share from "./share/en";
import merchandising from "./merchandising/en";
import http from "./http/en";
import settings from "./settings/en";

// English plurals use only _zero, _one and _other; the other suffixes exist to keep one shape with Arabic.
const en: Dictionary = {
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
    title: "{{shopName}} | Online shopping in Algeria, cash on delivery",
    description:
      "Home appliances, school supplies, toys, perfumes and more. Order in a few taps and pay cash on delivery, delivered to all 69 wilayas.",
    pageTitle: "{{page}} | {{shopName}}",
  },
  common: {
    currency: "DA",
    free: "FREE",
    loading: "Loading...",
    skipToContent: "Skip to content",
    days: "{{min}}-{{max}} days",
  },
  forms: {
    /** At the top of any form refused for its fields (FormErrorSummary). */
    invalid: "Please enter the data correctly.",
  },
  topBar: {
    welcome: "Welcome to {{shopName}}: cash on delivery, shipped to all 69 wilayas",
    changeLanguage: "Change language to {{language}}",
    cart: "Cart",
    cartWithCount_zero: "Cart is empty",
    cartWithCount_one: "Cart: 1 item",
    cartWithCount_two: "Cart: {{count}} items",
    cartWithCount_few: "Cart: {{count}} items",
    cartWithCount_many: "Cart: {{count}} items",
    cartWithCount_other: "Cart: {{count}} items",
    openMenu: "Open menu",
    closeMenu: "Close menu",
    home: "{{shopName}}: home page",
  },
  languageNames: {
    ar: "العربية",
    en: "English",
    fr: "Français",
  },
  nav: {
    label: "Main menu",
    home: "Home",
    categories: "Categories",
    homeAppliances: "Home Appliances",
    schoolSupplies: "School Supplies",
    games: "Games",
    contact: "Contact Us",
    cart: "Cart",
    buyNow: "Buy Now",
  },
  footer: {
    tagline: "Your online shop in Algeria: genuine products, clear prices in dinars, cash on delivery.",
    shop: "Shop",
    about: "About",
    paymentMethods: "Payment Methods",
    shipping: "Shipping",
    policies: "Policies",
    terms: "Terms & Conditions",
    returns: "Returns Policy",
    privacy: "Privacy Policy",
    contact: "Contact",
    contactUs: "Contact Us",
    faq: "FAQ",
    follow: "Follow us",
    facebook: "Facebook",
    instagram: "Instagram",
    tiktok: "TikTok",
    legal: "Legal notice",
    phone: "Phone:",
    rights: "© {{year}} {{shopName}}. All rights reserved.",
  },
  home: {
    heroTitle: "Shop with ease, pay on delivery",
    heroDelivery: "Free delivery in {{freeWilaya}}, from {{minFee}} in the other wilayas",
    heroDeliveryAllPaid: "Delivery to every wilaya from {{minFee}}",
    categoriesTitle: "Shop by category",
    productCount_zero: "No products",
    productCount_one: "1 product",
    productCount_two: "{{count}} products",
    productCount_few: "{{count}} products",
    productCount_many: "{{count}} products",
    productCount_other: "{{count}} products",
    noCategories: "No categories available at the moment",
  },
  shipping: {
    tableTitle: "Delivery fee and time by wilaya",
    code: "Code",
    wilaya: "Wilaya",
    fee: "Delivery fee",
    time: "Delivery time",
  },
  notFound: {
    title: "Page not found",
    message: "Sorry, we couldn't find the page you are looking for. It may have moved, or the link may be wrong.",
    home: "Back to home",
  },
  error: {
    title: "An Error Occurred",
    message: "Please try again or contact us.",
    home: "Back to home",
  },
  api: {
    invalidLanguage: "This language is not supported",
    bodyTooLargeTitle: "Request too large",
    bodyTooLarge: "What you sent is larger than allowed. Please make it smaller and try again.",
  },
  pages: enPages,
  admin,
};

export default en;
