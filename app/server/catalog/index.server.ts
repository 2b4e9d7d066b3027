/**
 * The catalogue: categories, sections, products, their images, the admin's product and taxonomy
 * screens, and product search (which owns nothing but the products' search_text column, so it
 * lives here). The one way into app/server/catalog/ from outside it.
 */
export * from "./admin-product.service.server";
export * from "./appliances.service.server";
export * from "./catalog.service.server";
export * from "./home.service.server";
export * from "./inventory.service.server";
export * from "./offers.service.server";
export * from "./orderable-products.service.server";
export * from "./picker.service.server";
export * from "./product.service.server";
export * from "./product-titles.service.server";
export * from "./search.service.server";
export * from "./sitemap.service.server";
export * from "./stock.service.server";
export * from "./taxonomy.service.server";
export * from "./taxonomy-form.server";
export * from "./variants.service.server";
export * from "./variants-admin.service.server";
export { refreshMissingSearchText, refreshSearchText } from "./search.repo.server";
/** The product query other domains build their product reads on (cards by id, joins, images). */
export { selectImages, selectProductCardsByIds, selectProducts, selectProductsByIds, type ProductCardRow } from "./product.repo.server";
