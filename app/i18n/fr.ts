import type { Dictionary } from "./ar";
import catalog from "./catalog/fr";
import search from "./search/fr";
import cart from "./cart/fr";
import orders from "./orders/fr";
import order from "./order/fr";
import frPages from "./pages/fr";
import admin from "./admin/fr";
import adminProducts from "./admin-products/fr";
import adminInventory from "./admin-inventory/fr";
import adminOrders from "./admin-orders/fr";
import adminDelivery from "./admin-delivery/fr";
import adminCouriers from "./admin-couriers/fr";
import shopDelivery from "./shop-delivery/fr";
import adminOrdersPrint from "./admin-orders-print/fr";
import adminShipping from "./admin-shipping/fr";
import adminConfirmation from "./admin-confirmation/fr";
import adminDashboard from "./admin-dashboard/fr";
import adminDrafts from "./admin-drafts/fr";
import adminOrderEdit from "./admin-order-edit/fr";
import adminMerchandising from "./admin-merchandising/fr";
import adminAnalytics from "./admin-analytics/fr";
import jewellery from "./jewellery/fr";
import wholesale from "./wholesale/fr";
import appliances from "./appliances/fr";
import share from "./share/fr";
import merchandising from "./merchandising/fr";
import http from "./http/fr";
import settings from "./settings/fr";

// French plurals use only _zero, _one and _other; the other suffixes exist to keep one shape with Arabic.
const fr: Dictionary = {
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
    title: "{{shopName}} | Achat en ligne en Algérie, paiement à la livraison",
    description:
      "Électroménager, fournitures scolaires, jouets, parfums et plus. Commandez en quelques gestes et payez à la livraison, livré dans les 69 wilayas.",
    pageTitle: "{{page}} | {{shopName}}",
  },
  common: {
    currency: "DA",
    free: "GRATUIT",
    loading: "Chargement...",
    skipToContent: "Aller au contenu",
    days: "{{min}} à {{max}} jours",
  },
  forms: {
    /** At the top of any form refused for its fields (FormErrorSummary). */
    invalid: "Veuillez saisir les données correctement.",
  },
  topBar: {
    welcome: "Bienvenue chez {{shopName}} : paiement à la livraison, livraison dans les 69 wilayas",
    changeLanguage: "Changer la langue en {{language}}",
    cart: "Panier",
    cartWithCount_zero: "Panier vide",
    cartWithCount_one: "Panier : 1 article",
    cartWithCount_two: "Panier : {{count}} articles",
    cartWithCount_few: "Panier : {{count}} articles",
    cartWithCount_many: "Panier : {{count}} articles",
    cartWithCount_other: "Panier : {{count}} articles",
    openMenu: "Ouvrir le menu",
    closeMenu: "Fermer le menu",
    home: "{{shopName}} : page d'accueil",
  },
  languageNames: {
    ar: "العربية",
    en: "English",
    fr: "Français",
  },
  nav: {
    label: "Menu principal",
    home: "Accueil",
    categories: "Catégories",
    homeAppliances: "Électroménager",
    schoolSupplies: "Fournitures scolaires",
    games: "Jeux",
    contact: "Contactez-nous",
    cart: "Panier",
    buyNow: "Acheter",
  },
  footer: {
    tagline: "Votre boutique en ligne en Algérie : produits authentiques, prix clairs en dinars, paiement à la livraison.",
    shop: "Boutique",
    about: "À propos",
    paymentMethods: "Moyens de paiement",
    shipping: "Livraison",
    policies: "Politiques",
    terms: "Conditions générales",
    returns: "Politique de retour",
    privacy: "Confidentialité",
    contact: "Contact",
    contactUs: "Contactez-nous",
    faq: "FAQ",
    follow: "Suivez-nous",
    facebook: "Facebook",
    instagram: "Instagram",
    tiktok: "TikTok",
    legal: "Mentions légales",
    phone: "Téléphone :",
    rights: "© {{year}} {{shopName}}. Tous droits réservés.",
  },
  home: {
    heroTitle: "Achetez en toute simplicité, payez à la livraison",
    heroDelivery: "Livraison gratuite à {{freeWilaya}}, à partir de {{minFee}} dans les autres wilayas",
    heroDeliveryAllPaid: "Livraison dans toutes les wilayas à partir de {{minFee}}",
    categoriesTitle: "Acheter par catégorie",
    productCount_zero: "Aucun produit",
    productCount_one: "1 produit",
    productCount_two: "{{count}} produits",
    productCount_few: "{{count}} produits",
    productCount_many: "{{count}} produits",
    productCount_other: "{{count}} produits",
    noCategories: "Aucune catégorie disponible pour le moment",
  },
  shipping: {
    tableTitle: "Frais et délai de livraison par wilaya",
    code: "Code",
    wilaya: "Wilaya",
    fee: "Frais de livraison",
    time: "Délai",
  },
  notFound: {
    title: "Page introuvable",
    message: "Désolé, la page que vous cherchez est introuvable. Elle a peut-être été déplacée ou le lien est erroné.",
    home: "Retour à l'accueil",
  },
  error: {
    title: "Une erreur est survenue",
    message: "Veuillez réessayer ou nous contacter.",
    home: "Retour à l'accueil",
  },
  api: {
    invalidLanguage: "Cette langue n'est pas prise en charge",
    bodyTooLargeTitle: "Requête trop volumineuse",
    bodyTooLarge: "Ce que vous avez envoyé dépasse la taille autorisée. Veuillez le réduire et réessayer.",
  },
  pages: frPages,
  admin,
};

export default fr;
