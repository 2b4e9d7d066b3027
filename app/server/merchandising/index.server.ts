/**
 * Merchandising: collections, custom pages, the page layouts' sections, and the product picker
 * the admin chooses their products with. The one way into app/server/merchandising/.
 */
export * from "./collections.service.server";
export * from "./custom-pages.service.server";
export * from "./id-links.service.server";
export * from "./page-sections.service.server";
export * from "./sitemap.service.server";
export { selectCollectionsByIds } from "./collections.repo.server";
export { selectCustomPagesByIds } from "./custom-pages.repo.server";
export { COLLECTIONS_ADMIN, CUSTOM_PAGES_ADMIN, saveMerchForm, type MerchAdmin, type MerchFormSaveResult } from "./merch-admin.server";
export { pickerSelection, postedPickerSelection, withPickerVariants } from "./merch-shared.server";
export {
  MERCH_IMAGE_FORM_BYTES,
  MERCH_TEXT_FIELDS,
  MERCH_TEXT_FORM_BYTES,
  parseRecordId,
  postedProductIds,
  postedVariants,
  SECTION_TEXT_FIELDS,
  textFields,
} from "./merch-form.server";
