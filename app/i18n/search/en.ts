import type { SearchDictionary } from "./ar";

const search: SearchDictionary = {
  box: {
    label: "Search for a product",
    placeholder: "Search for a product...",
    submit: "Search",
  },
  title: "Search",
  resultsTitle: "Search results for “{{query}}”",
  description: "Search {{shopName}}'s products in Arabic, French or English.",
  resultCount_zero: "No results",
  resultCount_one: "1 product",
  resultCount_two: "{{count}} products",
  resultCount_few: "{{count}} products",
  resultCount_many: "{{count}} products",
  resultCount_other: "{{count}} products",
  emptyQuery: "Type the name of the product you are looking for in the search box.",
  noResults: "No products match “{{query}}”.",
  noResultsHint: "Try another word, or browse the categories.",
  browseCategories: "Browse categories",
  sort: {
    relevance: "Most relevant",
  },
};

export default search;
