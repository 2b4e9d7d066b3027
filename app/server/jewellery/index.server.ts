/** The jewellery catalogue: its listing, its pieces and their details. The one way into app/server/jewellery/. */
export * from "./jewellery.service.server";
export { insertProductDetails } from "./jewellery.repo.server";
