import type { DeliveryType } from "./delivery-options";

/**
 * An order edited by the team before it ships (docs/decisions/0033-order-edits.md): what the
 * order page's edit form posts, read into the changes the server checks again. Pure: the form
 * and its action share it.
 */

/** The statuses an order may be edited in: never once shipped. */
export const EDITABLE_STATUSES = ["new", "confirmed"] as const;

export function isEditableStatus(status: string): boolean {
  return (EDITABLE_STATUSES as readonly string[]).includes(status);
}

/** The highest delivery fee set by hand, in dinars. */
export const MAX_DELIVERY_PRICE = 100_000;
export const MAX_FEE_REASON_LENGTH = 200;

/** The fields an edit records, one order_edits row each. */
export const ORDER_EDIT_FIELDS = [
  "customer.firstName",
  "customer.lastName",
  "customer.phone",
  "customer.wilayaCode",
  "customer.communeCode",
  "customer.address",
  "deliveryType",
  "stopDesk",
  "lines",
  "deliveryPrice",
  "total",
] as const;
export type OrderEditField = (typeof ORDER_EDIT_FIELDS)[number];

export interface OrderEditLine {
  productId: string;
  quantity: number;
  variantId?: number | undefined;
  offerId?: number | undefined;
}

/**
 * The changes of an edit; an absent part keeps the order's. `delivery`: "table" recomputes the fee
 * from the fee table for the wilaya and mode, an override sets it by hand with its reason.
 */
export interface OrderEditChanges {
  customer?: {
    firstName?: string;
    lastName?: string;
    phone?: string;
    wilayaCode?: string;
    communeCode?: string;
    address?: string;
  };
  deliveryType?: DeliveryType;
  stopDesk?: string;
  items?: OrderEditLine[];
  delivery?: "table" | { price: number; reason: string };
}

function text(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
}

/** A whole number typed in a form ("12"), or undefined when blank or not one. */
function whole(value: string | undefined): number | undefined {
  const trimmed = value?.trim() ?? "";
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : undefined;
}

/**
 * Reads the edit form: the customer's fields, the delivery, the lines (`line.productId`,
 * `line.variantId`, `line.offerId`, `line.quantity`, one of each per line in order) and the fee
 * (`feeMode` "table" or "override" with `feePrice` and `feeReason`). A quantity that is not a
 * whole number reads as 0, which the server refuses.
 */
export function orderEditFromForm(form: FormData): OrderEditChanges {
  const productIds = form.getAll("line.productId").map(String);
  const variantIds = form.getAll("line.variantId").map(String);
  const offerIds = form.getAll("line.offerId").map(String);
  const quantities = form.getAll("line.quantity").map(String);
  const deliveryType = text(form, "deliveryType");
  const feeMode = text(form, "feeMode");
  return {
    customer: {
      firstName: text(form, "firstName") ?? "",
      lastName: text(form, "lastName") ?? "",
      phone: text(form, "phone") ?? "",
      wilayaCode: text(form, "wilayaCode") ?? "",
      communeCode: text(form, "communeCode") ?? "",
      address: text(form, "address") ?? "",
    },
    deliveryType: deliveryType === "stop_desk" ? "stop_desk" : "home",
    stopDesk: text(form, "stopDesk") ?? "",
    items: productIds.map((productId, index) => ({
      productId,
      quantity: whole(quantities[index]) ?? 0,
      variantId: whole(variantIds[index]),
      offerId: whole(offerIds[index]),
    })),
    delivery: feeMode === "override" ? { price: whole(text(form, "feePrice")) ?? -1, reason: text(form, "feeReason")?.trim() ?? "" } : "table",
  };
}

/** One recorded edit as the order page lists it: the field, before → after (as recorded), author and time. */
export interface OrderEditEntry {
  id: number;
  field: string;
  before: unknown;
  after: unknown;
  reason: string | null;
  actor: string;
  createdAt: string;
}

/** A line of the order as the edit form starts from it. */
export interface OrderEditFormLine {
  productId: string;
  title: string;
  quantity: number;
  unitPrice: number;
  variantId: number | null;
  variantLabel: string | null;
  offerId: number | null;
  offerLabel: string | null;
}

/** What the order page's edit form and edit history show. */
export interface OrderEditView {
  /** New or confirmed: never once shipped. */
  editable: boolean;
  /** False for an order whose form took one name field (a one-word name leaves the last name empty). */
  lastNameRequired: boolean;
  values: {
    firstName: string;
    lastName: string;
    phone: string;
    wilayaCode: string;
    communeCode: string | null;
    deliveryType: DeliveryType;
    stopDesk: string | null;
    address: string | null;
    deliveryPrice: number;
    deliveryPriceReason: string | null;
    lines: OrderEditFormLine[];
  };
  wilayas: { code: string; name: string }[];
  /** The communes of the order's wilaya, named in the admin's language. */
  communes: { code: string; name: string }[];
  edits: OrderEditEntry[];
}

/** A recorded line (order_edits "lines" before/after). */
export interface RecordedLine {
  title: string;
  variant?: string | null;
  quantity: number;
}

/** "customer.phone" → "phone": the key of a field's name in the texts. */
export function editFieldKey(field: string): string {
  return field.startsWith("customer.") ? field.slice("customer.".length) : field;
}
