import type { AdminDictionary } from "./ar";

const admin: AdminDictionary = {
  title: "Tableau de bord",
  signedInAs: "Connecté en tant que {{email}}",
  logout: "Se déconnecter",
  tabsLabel: "Sections du tableau de bord",
  tabs: {
    products: "Produits",
    orders: "Commandes",
    inventory: "Stock",
    "custom-pages": "Pages personnalisées",
    collections: "Collections",
    "page-layouts": "Mise en page",
    analytics: "Statistiques",
    categories: "Catégories",
    sections: "Sections",
    delivery: "Livraison",
    couriers: "Transporteurs",
    settings: "Paramètres",
  },
  comingLater: "Cette section arrive plus tard",
  login: {
    title: "Connexion administrateur",
    email: "E-mail",
    password: "Mot de passe",
    submit: "Se connecter",
    wrongCredentials: "Mot de passe incorrect",
    throttled: "Trop de tentatives échouées. Veuillez patienter 15 minutes puis réessayer.",
    missingFields: "Saisissez votre e-mail et votre mot de passe.",
  },
  errors: {
    unauthorized: "Votre session a expiré ou vous n'êtes pas connecté. Veuillez vous connecter.",
    cross_site: "La requête a été refusée car elle ne provient pas de ce site.",
    forbidden: "Votre rôle ne donne pas accès à cette page. Demandez-le au propriétaire de la boutique.",
    signInAgain: "Se connecter",
  },
};

export default admin;
