import type { Kysely } from "kysely";
import type { Language } from "~/i18n/config";
import { cartLineStatus, normalizeCartLines, type CartLine, type CartQuote, type QuotedLine } from "~/lib/cart";
import { variantCompareAtPrice, variantLabel, variantPrice } from "~/lib/variants";
import { selectProductsByIds, variantMainImages, variantsForOrder, withMainImages } from "../catalog/index.server";
import type { Database } from "../db/database.server";
import { toBool } from "../db/types.server";

export type { CartLineStatus, CartQuote, QuotedLine } from "~/lib/cart";

/**
 * A cart priced from the database: every line with the product's current title (in the
 * shopper's language), price, compare-at price, main image and stock, unknown products
 * flagged, and the items total. Products in one query, their main images in one more.
 * Lines are normalised first (bad ids and quantities dropped, repeats merged, 99 and 50 caps).
 * A line of a product with variants is its variant's (docs/decisions/0028-product-variants.md):
 * the variant's price, stock, label and picture; without an active variant of that product (an
 * old cart's line, a variant removed since) it cannot be ordered (`unknown`), its product still
 * named so the shopper can choose again on its page.
 */
export async function quoteCart(db: Kysely<Database>, lines: readonly CartLine[], language: Language): Promise<CartQuote> {
  const wanted = normalizeCartLines(lines);
  const rows = await selectProductsByIds(
    db,
    wanted.map((line) => line.productId),
  );
  const variantIds = wanted.flatMap((line) => (line.variantId !== undefined ? [line.variantId] : []));
  const withVariants = rows.filter((row) => toBool(row.has_variants)).map((row) => row.id);
  const [cards, variantData, variantImages] = await Promise.all([
    withMainImages(db, rows, language),
    withVariants.length > 0 || variantIds.length > 0 ? variantsForOrder(db, withVariants, variantIds) : { variants: new Map(), options: new Map() },
    variantIds.length > 0 ? variantMainImages(db, variantIds) : new Map(),
  ]);
  const byId = new Map(cards.map((card) => [card.id, card]));

  const quoted = wanted.map((line): QuotedLine => {
    const card = byId.get(line.productId);
    if (card && (card.hasVariants || line.variantId !== undefined)) {
      const variant = line.variantId !== undefined ? variantData.variants.get(line.variantId) : undefined;
      const product = { price: card.price, compareAtPrice: card.originalPrice ?? 0 };
      if (!variant || variant.productId !== card.id || !variant.active || !card.hasVariants) {
        return {
          productId: line.productId,
          quantity: line.quantity,
          ...(line.variantId !== undefined ? { variantId: line.variantId } : {}),
          status: "unknown",
          slug: card.slug,
          title: card.title,
          titleAr: card.titleAr,
          price: card.price,
          originalPrice: card.originalPrice,
          image: card.image,
          inStock: false,
          stockQuantity: 0,
          lineTotal: 0,
        };
      }
      const stockQuantity = Math.max(0, variant.stockQuantity);
      const status = cartLineStatus({ status: "ok", inStock: stockQuantity > 0, stockQuantity }, line.quantity);
      const price = variantPrice(product, variant);
      const compareAt = variantCompareAtPrice(product, variant);
      return {
        productId: line.productId,
        quantity: line.quantity,
        variantId: variant.id,
        variantLabel: variantLabel(variantData.options.get(card.id) ?? [], variant, language),
        sku: variant.sku,
        status,
        slug: card.slug,
        title: card.title,
        titleAr: card.titleAr,
        price,
        originalPrice: compareAt > 0 ? compareAt : null,
        image: variantImages.get(variant.id) ?? card.image,
        inStock: stockQuantity > 0,
        stockQuantity,
        lineTotal: status === "ok" || status === "limited" ? price * line.quantity : 0,
      };
    }
    if (!card) {
      return {
        productId: line.productId,
        quantity: line.quantity,
        status: "unknown",
        slug: "",
        title: "",
        titleAr: "",
        price: 0,
        originalPrice: null,
        image: null,
        inStock: false,
        stockQuantity: 0,
        lineTotal: 0,
      };
    }
    const status = cartLineStatus({ status: "ok", inStock: card.inStock, stockQuantity: card.stockQuantity }, line.quantity);
    return {
      productId: line.productId,
      quantity: line.quantity,
      status,
      slug: card.slug,
      title: card.title,
      titleAr: card.titleAr,
      price: card.price,
      originalPrice: card.originalPrice,
      image: card.image,
      inStock: card.inStock,
      stockQuantity: card.stockQuantity,
      lineTotal: status === "ok" || status === "limited" ? card.price * line.quantity : 0,
    };
  });

  const counted = quoted.filter((line) => line.status === "ok" || line.status === "limited");
  return {
    lines: quoted,
    itemsTotal: counted.reduce((sum, line) => sum + line.lineTotal, 0),
    itemCount: counted.reduce((sum, line) => sum + line.quantity, 0),
    orderable: quoted.length > 0 && quoted.every((line) => line.status === "ok"),
  };
}
