import { splitName } from "~/lib/jewellery";
import { MAX_ADDRESS_LENGTH, MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, MAX_ORDER_LINES, MAX_STOP_DESK_LENGTH, type OrderSource } from "~/lib/order-request";
import type { OrderDraftBody } from "~/lib/order-draft";
import { normalizeAlgerianMobile } from "~/lib/phone";

/**
 * Abandoned-order capture (POST /api/order-drafts; app/server/orders/order-drafts.server.ts).
 * Loaded only once a shopper types in a form's phone field (useOrderForm's `draft`), so a page's
 * first visit carries none of it. From then on, while the phone is a valid Algerian mobile, the
 * form's content is saved a moment after the last change, and once more when the page is hidden
 * or closed (a beacon, which outlives the page). The form's privacy note says so.
 */

/** What a form is, beside its fields: its order source and, on a product's page, the product. */
export interface DraftOrigin {
  source: OrderSource;
  productId?: string;
}

export const DRAFT_URL = "/api/order-drafts";
/** The pause after the last change before the draft is saved. */
export const DRAFT_DEBOUNCE_MS = 2000;

function field(data: FormData, name: string, max: number): string | undefined {
  const value = data.get(name);
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed.slice(0, max);
}

function whole(value: FormDataEntryValue | null): number | undefined {
  return typeof value === "string" && /^\d{1,9}$/.test(value.trim()) ? Number(value) : undefined;
}

/** The draft of a form's fields; null while the phone is not a valid mobile or the form names no line. */
export function draftOfForm(data: FormData, origin: DraftOrigin): OrderDraftBody | null {
  const phone = normalizeAlgerianMobile(String(data.get("phone") ?? ""));
  if (phone === null) return null;
  const items: OrderDraftBody["items"] = [];
  for (let i = 0; i < MAX_ORDER_LINES && data.has(`items[${i}].productId`); i++) {
    const productId = field(data, `items[${i}].productId`, 64);
    const quantity = whole(data.get(`items[${i}].quantity`));
    const variantId = whole(data.get(`items[${i}].variantId`));
    if (productId && quantity) items.push({ productId, quantity, variantId });
  }
  const productId = origin.productId ?? field(data, "product", 64);
  if (items.length === 0 && productId) {
    const variantId = whole(data.get("variant"));
    const quantity = Math.min(99, Math.max(1, whole(data.get("quantity")) ?? 1));
    items.push({ productId, quantity, variantId });
  }
  if (items.length === 0) return null;
  const fullName = field(data, "name", 2 * MAX_NAME_LENGTH + 1);
  const names = fullName
    ? splitName(fullName)
    : { firstName: field(data, "firstName", MAX_NAME_LENGTH), lastName: field(data, "lastName", MAX_NAME_LENGTH) };
  const source = field(data, "source", 40);
  const deliveryType = field(data, "deliveryType", 20);
  const draft: OrderDraftBody = {
    source: source === "quick_buy_cart" || source === "quick_buy_product_card" ? source : origin.source,
    customer: {
      phone,
      firstName: names.firstName?.slice(0, MAX_NAME_LENGTH) || undefined,
      lastName: names.lastName?.slice(0, MAX_NAME_LENGTH) || undefined,
      wilayaCode: /^\d{2}$/.test(field(data, "wilaya", 2) ?? "") ? field(data, "wilaya", 2) : undefined,
      communeCode: /^\d{4}$/.test(field(data, "commune", 4) ?? "") ? field(data, "commune", 4) : undefined,
      address: field(data, "address", MAX_ADDRESS_LENGTH),
      email: field(data, "email", MAX_EMAIL_LENGTH),
    },
    items,
    deliveryType: deliveryType === "home" || deliveryType === "stop_desk" ? deliveryType : undefined,
    stopDesk: field(data, "stopDesk", MAX_STOP_DESK_LENGTH),
    offer: whole(data.get("offer")) || undefined,
    bundle: (field(data, "bundle", 20) as OrderDraftBody["bundle"]) || undefined,
  };
  return JSON.parse(JSON.stringify(draft)) as OrderDraftBody;
}

const capturing = new WeakSet<HTMLFormElement>();

/** Starts saving the drafts of `form` (once per form; later calls do nothing). */
export function captureDrafts(form: HTMLFormElement, origin: DraftOrigin): void {
  if (capturing.has(form)) return;
  capturing.add(form);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let sent = "";
  // After a submit nothing is saved until the shopper changes a field again: the order itself
  // deletes the phone's drafts, and a save arriving after it must not bring one back.
  let submitted = false;
  const save = (leaving: boolean) => {
    clearTimeout(timer);
    if (submitted || !form.isConnected) return;
    const draft = draftOfForm(new FormData(form), origin);
    if (!draft) return;
    const body = JSON.stringify(draft);
    if (body === sent) return;
    sent = body;
    if (leaving && typeof navigator.sendBeacon === "function") {
      navigator.sendBeacon(DRAFT_URL, new Blob([body], { type: "application/json" }));
      return;
    }
    fetch(DRAFT_URL, { method: "POST", headers: { "Content-Type": "application/json" }, body, keepalive: true }).catch(() => {
      sent = "";
    });
  };
  const changed = () => {
    submitted = false;
    clearTimeout(timer);
    timer = setTimeout(() => save(false), DRAFT_DEBOUNCE_MS);
  };
  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
  form.addEventListener("submit", () => {
    submitted = true;
    clearTimeout(timer);
  });
  addEventListener("pagehide", () => save(true));
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") save(true);
  });
  changed();
}
