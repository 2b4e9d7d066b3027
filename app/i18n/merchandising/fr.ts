import type { MerchandisingDictionary } from "./ar";

const merchandising: MerchandisingDictionary = {
  notFoundCode: "404",
  browse: "Parcourir les catégories",
  retry: "Réessayer",
  loadErrorText: "Veuillez réessayer dans un instant.",
  collection: {
    notFound: "Collection introuvable",
    notFoundText: "Cette collection n'est peut-être plus disponible, ou le lien est incorrect.",
    loadError: "Une erreur est survenue lors du chargement de la collection",
    productsTitle: "Produits de la collection",
    addAll: "Tout ajouter au panier",
    adding: "Ajout en cours...",
    addAllDone: "Produits ajoutés au panier : {{count}}",
    empty: "Aucun produit dans cette collection pour le moment",
  },
  customPage: {
    notFound: "Page introuvable",
    notFoundText: "Cette page n'est peut-être plus disponible, ou le lien est incorrect.",
    loadError: "Une erreur est survenue lors du chargement de la page",
    productsTitle: "Produits",
    empty: "Aucun produit sur cette page pour le moment",
  },
  sections: {
    viewCollection: "Voir la collection : {{title}}",
  },
  featuredCollections: {
    title: "Collections à la une",
    shop: "Voir la collection",
  },
};

export default merchandising;
