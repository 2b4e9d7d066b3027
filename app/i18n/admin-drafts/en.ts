import type { AdminDraftsDictionary } from "./ar";

const adminDrafts: AdminDraftsDictionary = {
  title: "Abandoned orders",
  intro: "Shoppers who typed their phone in an order form and left. Call them, then turn the draft into an order. Drafts are deleted after 30 days.",
  count_zero: "No draft",
  count_one: "{{count}} draft",
  count_two: "{{count}} drafts",
  count_few: "{{count}} drafts",
  count_many: "{{count}} drafts",
  count_other: "{{count}} drafts",
  empty: "No abandoned order.",
  caption: "Abandoned orders",
  noName: "No name",
  phone: "Phone",
  wilaya: "Wilaya",
  lines: "Products",
  total: "Total at today's prices",
  age: "Last changed",
  source: "Form",
  unavailable: "no longer available",
  convert: "Turn into an order",
  delete: "Delete",
  notices: {
    converted: "Order {{orderNumber}} is created.",
    deleted: "The draft is deleted.",
  },
  errors: {
    bad_request: "Invalid request.",
    not_found: "This draft no longer exists.",
  },
};

export default adminDrafts;
