import type { AppliancesDictionary } from "./ar";

// A no-break space (U+00A0) precedes : ; ? and !, so the sign never starts a line.

const appliances: AppliancesDictionary = {
  meta: {
    title: "Électroménager",
    categoryTitle: "{{category}} - Électroménager",
    description:
      "Électroménager pour la cuisine, le nettoyage, le froid, les soins personnels et le linge, avec paiement à la livraison et livraison dans toutes les wilayas d’Algérie.",
  },
  hero: {
    eyebrow: "Pour chaque foyer algérien",
    title: "Électroménager",
    text: "Tout ce dont votre maison a besoin pour cuisiner, nettoyer, rafraîchir, prendre soin de vous et laver le linge, au même endroit et livré chez vous.",
    browse: "Voir les appareils",
    points: {
      cod: "Paiement à la livraison",
      delivery: "Livraison dans 69 wilayas",
      returns: "Retour sous 14 jours",
    },
  },
  filter: {
    title: "Acheter par catégorie",
    label: "Catégories d’électroménager",
    all: "Tous les appareils",
    allDescription: "Les appareils les plus récents des six catégories.",
  },
  categories: {
    kitchen: { name: "Appareils de cuisine", description: "Des appareils qui facilitent la cuisine et la préparation des boissons au quotidien." },
    cleaning: { name: "Appareils de nettoyage", description: "Aspirateurs et nettoyeurs puissants pour une maison propre avec moins d’effort." },
    cooling: { name: "Froid et climatisation", description: "Climatiseurs, ventilateurs et réfrigérateurs pour un été confortable." },
    "personal-care": { name: "Soins personnels", description: "Appareils pour les cheveux, le rasage et la santé au quotidien." },
    "small-appliances": { name: "Petit électroménager", description: "De petits appareils pratiques pour la maison, au quotidien." },
    laundry: { name: "Lavage et repassage", description: "Lave-linge et fers à repasser pour prendre soin de vos vêtements." },
  },
  grid: {
    title: "Les appareils les plus récents",
    categoryTitle: "Nouveautés : {{category}}",
    shown: "Les {{shown}} plus récents sur {{total}}",
    viewAll: "Voir tout : {{category}}",
    viewAllCategories: "Voir toutes les catégories",
    empty:
      "Aucun appareil n’est disponible dans cette catégorie pour le moment. Essayez une autre catégorie ou appelez-nous : nous le trouverons pour vous.",
    empty_noPhone:
      "Aucun appareil n’est disponible dans cette catégorie pour le moment. Essayez une autre catégorie ou contactez-nous via la page contact : nous le trouverons pour vous.",
  },
  why: {
    title: "Pourquoi acheter votre électroménager chez nous ?",
    authentic: {
      title: "Produits authentiques",
      text: "Des appareils neufs dans leur emballage d’origine, choisis pour leur qualité et leur solidité.",
    },
    cod: {
      title: "Paiement à la livraison",
      text: "Rien à payer d’avance : vérifiez votre commande et payez à la réception, ou par virement si vous préférez.",
    },
    delivery: {
      title: "Livraison dans toutes les wilayas",
      text: "Nous livrons les 69 wilayas, et vous connaissez le prix et le délai de livraison avant de commander.",
    },
    returns: {
      title: "Retour sous 14 jours",
      text: "Si l’appareil ne vous convient pas, vous pouvez le retourner dans les 14 jours suivant la réception.",
    },
  },
  help: {
    title: "Vous hésitez entre plusieurs appareils ?",
    text: "Dites-nous ce dont vous avez besoin, la taille de votre logement et votre budget : nous vous aidons à choisir le bon appareil avant de commander.",
    contact: "Écrivez-nous",
    call: "Appelez-nous",
  },
};

export default appliances;
