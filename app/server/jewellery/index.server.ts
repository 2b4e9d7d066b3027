/** The jewellery catalogue: its listing, its pieces and their seed. The one way into app/server/jewellery/. */
export * from "./jewellery.service.server";
export { jewelleryImageSources, seedJewelleryCatalogue } from "./jewellery.seed.server";
