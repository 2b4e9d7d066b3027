import type { Kysely } from "kysely";
import type { Language } from "~/i18n/config";
import { CONFIRMATION_TOKEN, type OrderConfirmation } from "~/lib/order-confirmation";
import { offerLabel } from "~/lib/offers";
import { maskPhone } from "~/lib/phone";
import { variantLabel } from "~/lib/variants";
import { offersOfProducts, productTitlesByIds, variantsForOrder } from "../catalog/index.server";
import type { Database } from "../db/database.server";
import { communeNamesByCode, listWilayas, wilayaNamesByCode } from "../delivery/index.server";
import { i18nFor } from "../i18n.server";
import { selectOrderByConfirmationToken } from "./orders.repo.server";

/**
 * The confirmation of the order holding `token`, in `language`: its page's content and the one
 * the order forms show in place once they have placed it. Undefined for a token no order holds
 * (or not shaped like one: no query then).
 */
export async function getOrderConfirmation(db: Kysely<Database>, token: string, language: Language): Promise<OrderConfirmation | undefined> {
  if (!CONFIRMATION_TOKEN.test(token)) return undefined;
  const order = await selectOrderByConfirmationToken(db, token);
  if (!order) return undefined;
  const productIds = order.items.map((item) => item.product_id);
  const withOffer = order.items.filter((item) => item.offer_id !== null).map((item) => item.product_id);
  const withVariant = language === "ar" ? [] : order.items.filter((item) => item.variant_id !== null);
  const [active, communes, products, offers, shopperT, variants] = await Promise.all([
    listWilayas(db, language),
    communeNamesByCode(db, order.commune_code ? [order.commune_code] : []),
    productTitlesByIds(db, productIds, language),
    offersOfProducts(db, withOffer),
    withOffer.length > 0 ? i18nFor(language).then((i18n) => i18n.t) : undefined,
    withVariant.length > 0
      ? variantsForOrder(
          db,
          withVariant.map((item) => item.product_id),
          withVariant.map((item) => item.variant_id!),
        )
      : undefined,
  ]);
  const wilaya = active.find((candidate) => candidate.code === order.wilaya_code);
  // A wilaya turned off since the order still has its name (no delivery time to promise).
  const names = wilaya ? undefined : (await wilayaNamesByCode(db)).get(order.wilaya_code);
  const commune = order.commune_code ? communes.get(order.commune_code) : undefined;
  return {
    token: order.confirmation_token,
    orderNumber: order.order_number,
    items: order.items.map((item) => {
      // The product's title and offer as they read today in the page's language; what the order
      // stored (in the shop's language, as the shopper saw it) on an Arabic page, or once the
      // product, its title in that language or the offer is gone.
      const product = products.get(item.product_id);
      const offer = item.offer_id === null ? undefined : offers.get(item.product_id)?.find((one) => one.id === item.offer_id);
      return {
        title: (language !== "ar" ? product?.title : null) ?? item.title,
        offer: offer && product && shopperT ? offerLabel(offer, language, shopperT, product.price) : item.offer_label,
        variant: variantIn(item, variants, language) ?? item.variant_label,
        quantity: item.quantity,
        unitPrice: item.unit_price,
        lineTotal: item.line_total,
      };
    }),
    deliveryType: order.delivery_type,
    wilaya: wilaya?.name ?? (names ? (language === "ar" ? names.name_ar : names.name) : order.wilaya_code),
    commune: commune ? (language === "ar" ? commune.nameAr : commune.name) : null,
    stopDesk: order.delivery_type === "stop_desk" ? order.stop_desk_name : null,
    deliveryTime: wilaya?.deliveryTime ?? null,
    itemsTotal: order.items_total,
    deliveryPrice: order.delivery_price,
    total: order.total,
    phone: maskPhone(order.phone),
  };
}

/**
 * A line's variant named in the page's language while it still exists as it was sold (same
 * product); undefined otherwise, and on Arabic pages, where the stored label (in the shop's
 * language, as the shopper saw it) is shown.
 */
function variantIn(
  item: { product_id: string; variant_id: number | null },
  variants: Awaited<ReturnType<typeof variantsForOrder>> | undefined,
  language: Language,
): string | undefined {
  if (item.variant_id === null || !variants) return undefined;
  const variant = variants.variants.get(item.variant_id);
  const options = variants.options.get(item.product_id);
  if (!variant || variant.productId !== item.product_id || !options) return undefined;
  return variantLabel(options, variant, language) || undefined;
}
