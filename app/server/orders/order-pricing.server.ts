import type { Kysely } from "kysely";
import type { TFunction } from "i18next";
import { defaultLanguage, type Language } from "~/i18n/config";
import type { DeliveryType } from "~/lib/delivery-options";
import { bundleById, bundleLine, JEWELLERY_CATEGORY, type BundleId } from "~/lib/jewellery";
import { offerLabel, offerLine } from "~/lib/offers";
import { nameIn, variantCompareAtPrice, variantLabel, variantPrice, type ProductOption } from "~/lib/variants";
import { offersOfProducts, productsForOrder, variantsForOrder, type OrderVariant } from "../catalog/index.server";
import { stopDeskForOrder } from "../couriers/index.server";
import type { Database } from "../db/database.server";
import { toBool } from "../db/types.server";
import { activeWilayaForOrder, communeByCode, type OrderWilaya } from "../delivery/index.server";
import { i18nFor } from "../i18n.server";
import type { NewOrder } from "./orders.repo.server";

/**
 * How an order's lines and delivery are priced, for placing an order and for editing one alike
 * (docs/decisions/0033-order-edits.md): prices always from the catalogue of the moment, a quantity
 * offer priced from the product's price as at placement, the delivery fee from the fee table.
 */

/** One line asked for: a product, its quantity, its variant, and the quantity offer it is sold under. */
export interface LineRequest {
  productId: string;
  quantity: number;
  variantId?: number | undefined;
  offerId?: number | undefined;
}

export type PricedLine = NewOrder["lines"][number];

/** A refusal: the order's error code, the refused fields (translated) and, when set, the form's message. */
export interface PricingRefusal {
  ok: false;
  code: "invalid_order" | "unknown_product" | "out_of_stock" | "unknown_wilaya";
  fields: Record<string, string>;
  message?: string;
}

/** A product's title in the shopper's language, the Arabic title when it has none. */
function titleIn(product: { title: string; title_en: string | null; title_fr: string | null }, language: Language): string {
  const translated = language === "fr" ? product.title_fr : language === "en" ? product.title_en : null;
  return translated?.trim() ? translated : product.title;
}

/** The title a shopper or merchant reads for a line: "product — variant" when it is a variant. */
function lineTitle(title: string, label: string | null): string {
  return label ? `${title} — ${label}` : title;
}

/**
 * Prices lines from the database, whatever a body claims: each product (a jewellery `bundle`'s
 * piece only), its variant (a product with options is sold only as one of its active variants,
 * docs/decisions/0028-product-variants.md), its offer (one of the product's own, whose quantity
 * the line takes) and, with `checkStock`, what is left. `fieldIndex` names the line in the refused
 * fields (the body's own index at placement).
 */
export async function priceOrderLines(
  db: Kysely<Database>,
  items: readonly LineRequest[],
  options: {
    bundle?: BundleId | undefined;
    language: Language;
    t: TFunction;
    checkStock: boolean;
    fieldIndex?: (line: LineRequest, index: number) => number;
  },
): Promise<{ ok: true; lines: PricedLine[] } | PricingRefusal> {
  const { bundle, language, t } = options;
  const offerProducts = items.flatMap((line) => (line.offerId !== undefined ? [line.productId] : []));
  const [products, offers] = await Promise.all([
    productsForOrder(
      db,
      items.map((line) => line.productId),
    ),
    offerProducts.length > 0 ? offersOfProducts(db, offerProducts) : undefined,
  ]);
  const offerOf = new Map<number, NonNullable<ReturnType<NonNullable<typeof offers>["get"]>>[number]>();
  for (const [index, line] of items.entries()) {
    if (line.offerId === undefined) continue;
    const offer = offers?.get(line.productId)?.find((one) => one.id === line.offerId);
    if (!offer) return { ok: false, code: "invalid_order", fields: { offer: t("orders.fields.unknown_offer") } };
    offerOf.set(index, offer);
  }
  // A line under an offer takes the offer's quantity; a bundle's line the bundle's.
  const sized = items.map((line, index) => {
    const offer = offerOf.get(index);
    if (offer) return { ...line, quantity: offer.quantity };
    if (bundle) return { ...line, quantity: bundleById(bundle).quantity };
    return line;
  });

  // Variants are read only for lines that name one or hold a product with variants: lines of
  // products without variants make the same queries as before.
  const variantIds = sized.flatMap((line) => (line.variantId !== undefined ? [line.variantId] : []));
  const withVariants = products.filter((product) => toBool(product.has_variants)).map((product) => product.id);
  const variantData =
    variantIds.length > 0 || withVariants.length > 0
      ? await variantsForOrder(db, withVariants, variantIds)
      : { variants: new Map<number, OrderVariant>(), options: new Map<string, ProductOption[]>() };

  const byId = new Map(products.map((product) => [product.id, product]));
  const variantOf = new Map<number, OrderVariant>();
  const optionsOf = (productId: string): ProductOption[] => variantData.options.get(productId) ?? [];
  const unknown: Record<string, string> = {};
  const unchosen: Record<string, string> = {};
  const outOfStock: Record<string, string> = {};
  sized.forEach((line, index) => {
    const at = options.fieldIndex?.(line, index) ?? index;
    const product = byId.get(line.productId);
    // A bundle is sold only for a jewellery product.
    if (!product || (bundle && product.category !== JEWELLERY_CATEGORY)) {
      unknown[`items.${at}.productId`] = t("orders.fields.unknown_product");
      return;
    }
    let title = titleIn(product, language);
    let available = toBool(product.in_stock) ? Math.max(0, product.stock_quantity) : 0;
    if (toBool(product.has_variants) || line.variantId !== undefined) {
      const variant = line.variantId !== undefined ? variantData.variants.get(line.variantId) : undefined;
      if (line.variantId === undefined) {
        const first = optionsOf(product.id)[0];
        unchosen[`items.${at}.variantId`] = t("orders.fields.choose_option", { option: first ? nameIn(first.names, language) : "" });
        return;
      }
      if (!variant || variant.productId !== product.id || !variant.active || !toBool(product.has_variants)) {
        unchosen[`items.${at}.variantId`] = t("orders.fields.unknown_variant");
        return;
      }
      variantOf.set(line.variantId, variant);
      title = lineTitle(title, variantLabel(optionsOf(product.id), variant, language));
      available = Math.max(0, variant.stockQuantity);
    }
    if (options.checkStock && available < line.quantity) {
      outOfStock[`items.${at}.quantity`] = t("orders.fields.stock_left", { count: available, title });
    }
  });
  if (Object.keys(unknown).length > 0) return { ok: false, code: "unknown_product", fields: { ...unknown, ...unchosen, ...outOfStock } };
  if (Object.keys(unchosen).length > 0) {
    // The form's message says what to choose, as its field does (a buy-now form shows it above).
    return { ok: false, code: "invalid_order", fields: { ...unchosen, ...outOfStock }, message: Object.values(unchosen)[0]! };
  }
  if (Object.keys(outOfStock).length > 0) {
    // The form's message names the product and what is left, as its field does: a shopper
    // whose line has no field of its own (quick-buy, buy-now) still reads which and how many.
    return { ok: false, code: "out_of_stock", fields: outOfStock, message: Object.values(outOfStock)[0]! };
  }

  // The merchant reads an offer's label in the shop's language, as the line's title.
  const shopT = offerOf.size > 0 ? (await i18nFor(defaultLanguage)).t : undefined;
  const lines = sized.map((line, index): PricedLine => {
    const product = byId.get(line.productId)!;
    const variant = line.variantId !== undefined ? variantOf.get(line.variantId) : undefined;
    const offer = offerOf.get(index);
    // A variant's own prices, else the product's; its label in the shop's language and SKU, as they are now.
    const price = variantPrice(product, variant);
    const compareAtPrice = variantCompareAtPrice({ compareAtPrice: product.compare_at_price }, variant);
    const sold = variant
      ? { variant: { id: variant.id, label: variantLabel(optionsOf(product.id), variant, defaultLanguage), sku: variant.sku } }
      : {};
    if (offer && shopT) {
      // Computed from this product's price of the moment (or the merchant's fixed total for it).
      return {
        productId: product.id,
        title: product.title,
        ...offerLine(price, compareAtPrice, offer),
        offer: { id: offer.id, label: offerLabel(offer, defaultLanguage, shopT, price) },
        ...sold,
      };
    }
    if (bundle) {
      // Computed from this piece's price, never a price fixed for every piece.
      const priced = bundleLine(bundle, { price, compareAtPrice });
      return {
        productId: product.id,
        title: product.title,
        unitPrice: priced.unitPrice,
        compareAtPrice: priced.compareAtPrice,
        quantity: priced.quantity,
        lineTotal: priced.lineTotal,
        ...sold,
      };
    }
    return {
      productId: product.id,
      title: product.title,
      unitPrice: price,
      compareAtPrice,
      quantity: line.quantity,
      lineTotal: price * line.quantity,
      ...sold,
    };
  });
  return { ok: true, lines };
}

/** Where an order goes: the wilaya, its commune and delivery mode, and the courier stop-desk. */
export interface DeliveryRequest {
  customer: { wilayaCode: string; communeCode?: string | undefined };
  deliveryType: DeliveryType;
  stopDesk?: string | undefined;
}

export interface ResolvedDelivery {
  ok: true;
  wilaya: OrderWilaya;
  commune: { code: string } | null;
  stopDesk: { accountId: number; code: string; name: string } | null;
  /** From the fee table for the wilaya and mode. */
  deliveryPrice: number;
}

/**
 * Checks where an order goes against the database: an active wilaya, one of its communes, a
 * stop-desk only where the wilaya has one and, where the merchant's default courier has
 * stop-desks in the wilaya, one of them; answers the fee from the fee table.
 */
export async function resolveOrderDelivery(db: Kysely<Database>, request: DeliveryRequest, t: TFunction): Promise<ResolvedDelivery | PricingRefusal> {
  const [wilaya, commune] = await Promise.all([
    activeWilayaForOrder(db, request.customer.wilayaCode),
    request.customer.communeCode ? communeByCode(db, request.customer.communeCode) : undefined,
  ]);
  if (!wilaya) return { ok: false, code: "unknown_wilaya", fields: { wilaya: t("orders.fields.unknown_wilaya") } };
  // The commune must be one of the wilaya's; a stop-desk only where the wilaya has one.
  if (request.customer.communeCode && commune?.wilaya_code !== wilaya.code) {
    return { ok: false, code: "invalid_order", fields: { communeCode: t("shopDelivery.fields.commune_not_in_wilaya") } };
  }
  if (request.deliveryType === "stop_desk" && wilaya.stop_desk_price === null) {
    return { ok: false, code: "invalid_order", fields: { deliveryType: t("shopDelivery.fields.no_stop_desk") } };
  }
  // Where the merchant's default courier has stop-desks in the wilaya, the shopper chooses one
  // of them; elsewhere a stop-desk order stays as it was (the merchant's own arrangement).
  let stopDesk: ResolvedDelivery["stopDesk"] = null;
  if (request.deliveryType === "stop_desk") {
    const offered = await stopDeskForOrder(db, wilaya.code, request.stopDesk ?? "");
    if (offered.offered) {
      if (!offered.desk) {
        const code = request.stopDesk === undefined ? "stop_desk_required" : "stop_desk_unknown";
        return { ok: false, code: "invalid_order", fields: { stopDesk: t(`shopDelivery.fields.${code}`) } };
      }
      stopDesk = offered.desk;
    }
  }
  const deliveryPrice = request.deliveryType === "stop_desk" ? (wilaya.stop_desk_price ?? wilaya.home_price) : wilaya.home_price;
  return { ok: true, wilaya, commune: commune ? { code: commune.code } : null, stopDesk, deliveryPrice };
}
