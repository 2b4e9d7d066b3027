import type { Kysely } from "kysely";
import type { Language } from "~/i18n/config";
import { cartLineStatus, normalizeCartLines, type CartLine, type CartQuote, type QuotedLine } from "~/lib/cart";
import { selectProductsByIds, withMainImages } from "../catalog/index.server";
import type { Database } from "../db/database.server";

export type { CartLineStatus, CartQuote, QuotedLine } from "~/lib/cart";

/**
 * A cart priced from the database: every line with the product's current title (in the
 * shopper's language), price, compare-at price, main image and stock, unknown products
 * flagged, and the items total. Products in one query, their main images in one more.
 * Lines are normalised first (bad ids and quantities dropped, repeats merged, 99 and 50 caps).
 */
export async function quoteCart(db: Kysely<Database>, lines: readonly CartLine[], language: Language): Promise<CartQuote> {
  const wanted = normalizeCartLines(lines);
  const rows = await selectProductsByIds(
    db,
    wanted.map((line) => line.productId),
  );
  const cards = await withMainImages(db, rows, language);
  const byId = new Map(cards.map((card) => [card.id, card]));

  const quoted = wanted.map((line): QuotedLine => {
    const card = byId.get(line.productId);
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
