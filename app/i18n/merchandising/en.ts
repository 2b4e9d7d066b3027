import type { MerchandisingDictionary } from "./ar";

const merchandising: MerchandisingDictionary = {
  notFoundCode: "404",
  browse: "Browse categories",
  retry: "Try again",
  loadErrorText: "Please try again in a moment.",
  collection: {
    notFound: "Collection not found",
    notFoundText: "This collection may no longer be available, or the link is wrong.",
    loadError: "An error occurred while loading the collection",
    productsTitle: "Products in this collection",
    addAll: "Add all to cart",
    adding: "Adding...",
    addAllDone: "Products added to the cart: {{count}}",
    empty: "There are no products in this collection at the moment",
  },
  customPage: {
    notFound: "Page not found",
    notFoundText: "This page may no longer be available, or the link is wrong.",
    loadError: "An error occurred while loading the page",
    productsTitle: "Products",
    empty: "There are no products on this page at the moment",
  },
  sections: {
    viewCollection: "View the collection: {{title}}",
  },
  featuredCollections: {
    title: "Featured collections",
    shop: "Shop the collection",
  },
};

export default merchandising;
