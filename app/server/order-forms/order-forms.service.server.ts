import type { Kysely } from "kysely";
import { languageFromRequest, type Language } from "~/i18n/config";
import { orderRequestFromForm, type OrderCreated, type OrderError, type OrderSource } from "~/lib/order-request";
import type { CommuneChoice } from "~/lib/delivery-options";
import type { Database } from "../db/database.server";
import { listCommunes } from "../delivery/delivery.service.server";
import { clientIp } from "../http/client-address.server";
import { placeOrder } from "../orders/order.service.server";
import { readReferral } from "../http/referral-cookies.server";
import { selectOrderableProducts } from "./order-forms.repo.server";

export interface OrderableProduct {
  id: string;
  /** In the shopper's language when the product has one, else the Arabic title. */
  title: string;
  price: number;
}

/** The in-stock products of the contact page's quick order, by title in the shopper's language. */
export async function listOrderableProducts(db: Kysely<Database>, language: Language): Promise<OrderableProduct[]> {
  const rows = await selectOrderableProducts(db);
  const titled = rows.map((row) => {
    const localized = language === "en" ? row.title_en : language === "fr" ? row.title_fr : null;
    return { id: row.id, title: localized?.trim() ? localized : row.title, price: row.price };
  });
  return titled.sort((a, b) => a.title.localeCompare(b.title, language) || a.id.localeCompare(b.id));
}

/** The text fields an order form shows again after a refused plain (no-JS) post. */
export const ORDER_FORM_FIELDS = ["firstName", "lastName", "phone", "wilaya", "commune", "deliveryType", "address", "product", "quantity"] as const;
export type OrderFormValues = Partial<Record<(typeof ORDER_FORM_FIELDS)[number], string>>;

export type OrderFormResult =
  | { ok: true; order: OrderCreated }
  | { ok: false; status: number; error: OrderError; values: OrderFormValues; communes?: CommuneChoice[] };

/**
 * A plain HTML form post of an order (the forms without JavaScript): builds the body from
 * the form, places the order with the shopper's address and language, and on failure
 * hands back the typed values so the form shows them again. The form carries no key: its page
 * is shared by every visitor through the page cache, so the server derives the duplicate key
 * from the post itself (placeOrder's `formPost`), and the same post sent again answers the
 * first order.
 */
export async function submitOrderForm(
  db: Kysely<Database>,
  request: Request,
  form: FormData,
  source: OrderSource,
  items: { productId: string; quantity: number }[],
): Promise<OrderFormResult> {
  const result = await placeOrder(db, orderRequestFromForm(form, source, items), {
    ip: clientIp(request),
    formPost: true,
    language: languageFromRequest(request),
    userAgent: request.headers.get("user-agent") ?? undefined,
    referral: readReferral(request),
  });
  if (result.ok) return { ok: true, order: result.order };
  const values: OrderFormValues = {};
  for (const field of ORDER_FORM_FIELDS) {
    const value = form.get(field);
    if (typeof value === "string") values[field] = value;
  }
  // The communes of the wilaya typed, for the plain <select> of the form shown again.
  const communes = values.wilaya ? await listCommunes(db, values.wilaya.trim()) : null;
  return { ok: false, status: result.status, error: result.error, values, ...(communes ? { communes } : {}) };
}
