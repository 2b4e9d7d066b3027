import type { SearchDictionary } from "./ar";

const search: SearchDictionary = {
  box: {
    label: "Rechercher un produit",
    placeholder: "Rechercher un produit...",
    submit: "Rechercher",
  },
  title: "Recherche",
  resultsTitle: "Résultats de recherche pour «\u00a0{{query}}\u00a0»",
  description: "Recherchez parmi les produits de {{shopName}}, en arabe, en français ou en anglais.",
  resultCount_zero: "Aucun résultat",
  resultCount_one: "1 produit",
  resultCount_two: "{{count}} produits",
  resultCount_few: "{{count}} produits",
  resultCount_many: "{{count}} produits",
  resultCount_other: "{{count}} produits",
  emptyQuery: "Saisissez le nom du produit que vous cherchez dans la barre de recherche.",
  noResults: "Aucun produit ne correspond à «\u00a0{{query}}\u00a0».",
  noResultsHint: "Essayez un autre mot, ou parcourez les catégories.",
  browseCategories: "Parcourir les catégories",
  sort: {
    relevance: "Pertinence",
  },
};

export default search;
