// zod/mini: the order forms ship this schema to the browser; mini keeps it to a few KB.
import * as z from "zod/mini";
import type { TFunction } from "i18next";
import { DELIVERY_TYPES, type DeliveryType } from "./delivery-options";
import { BUNDLE_IDS, type BundleId } from "./jewellery";
import { normalizeAlgerianMobile } from "./phone";

/**
 * The body of an order (POST /api/orders, and the forms' actions), shared by the
 * browser (to check a form before sending it) and the server (which trusts nothing
 * else). Prices and totals are never part of it: the server reads them from the database.
 */

export const ORDER_SOURCES = ["quick_buy_cart", "quick_buy_product_card", "contact_form", "product_detail", "cart_page", "jewellery"] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

export const MAX_ORDER_QUANTITY = 99;
export const MAX_ORDER_LINES = 50;
export const MAX_NAME_LENGTH = 60;
export const MAX_ADDRESS_LENGTH = 300;
export const MAX_EMAIL_LENGTH = 254;
export const MAX_REF_LENGTH = 64;
export const MAX_STOP_DESK_LENGTH = 64;

export interface OrderRequestBody {
  source: OrderSource;
  customer: {
    firstName: string;
    lastName: string;
    phone: string;
    wilayaCode: string;
    /** ONS code of a commune of the wilaya (optional). */
    communeCode?: string;
    address?: string;
    email?: string;
  };
  /** `variantId`: the variant of a product with options (required for one, refused for another). */
  items: { productId: string; quantity: number; variantId?: number }[];
  /** To the door ('home', the default) or to the wilaya's stop-desk. */
  deliveryType?: DeliveryType;
  /**
   * The courier's stop-desk the shopper chose (its code), with a stop-desk delivery where the
   * merchant's default courier has desks in the wilaya: then required, and one of those.
   */
  stopDesk?: string;
  /**
   * The jewellery page's bundle (app/lib/jewellery.ts): only with source 'jewellery', and then
   * required. The server then makes the one line from it (quantity and price of the bundle).
   */
  bundle?: BundleId;
  /**
   * The product page's quantity offer (app/lib/offers.ts): the id of one of the product's
   * offers, only with source 'product_detail'. The server then makes the one line from it
   * (the offer's quantity, its price computed from the product's).
   */
  offer?: number;
  ref?: string;
  /** Honeypot: a hidden field humans leave empty. */
  website?: string;
}

export interface OrderCreated {
  orderNumber: string;
  itemsTotal: number;
  deliveryPrice: number;
  total: number;
  status: "new";
}

export interface OrderError {
  code: string;
  message: string;
  fields: Record<string, string>;
}

/**
 * The reason a field is refused, as the issue message of `orderRequestSchema`. Never
 * shown as is: translated with the i18n key `orders.fields.<code>` (see orderFieldCodes).
 */
export const ORDER_FIELD_CODES = [
  "required",
  "too_long",
  "invalid_phone",
  "invalid_wilaya",
  "invalid_email",
  "address_required",
  "items_required",
  "too_many_items",
  "invalid_product",
  "invalid_quantity",
  "invalid_source",
  "invalid_commune",
  "commune_required",
  "invalid_delivery_type",
  "name_letter",
  "name_too_long",
  "invalid",
] as const;
export type OrderFieldCode = (typeof ORDER_FIELD_CODES)[number];

/*
 * The field schemas below are shared with the other forms' schemas (app/lib/wholesale.ts): their
 * issue messages are codes both forms know ("required", "too_long", "invalid_phone", "invalid").
 */

/** "  " → undefined; any non-string stays as is (and is refused by the schema). */
export function blankToUndefined(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

/**
 * Text the database can store as sent: no NUL (PostgreSQL's text refuses it, and a query
 * naming it fails) and no lone UTF-16 surrogate (not encodable as UTF-8). Anything else,
 * RTL marks, zero-width characters and emoji included, is fine.
 */
export const STORABLE_TEXT = /^(?:[^\0\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;
const storable = () => z.regex(STORABLE_TEXT, { error: "invalid" });

/** A required trimmed text of at most `max` characters ("required", "too_long", "invalid"). */
export const requiredText = (max: number) =>
  z.string({ error: "required" }).check(z.trim(), z.minLength(1, { error: "required" }), z.maxLength(max, { error: "too_long" }), storable());

/**
 * A letter of the Arabic or Latin script: a name must hold one, so a name of emoji, digits or
 * punctuation only, which no courier can call out, is refused.
 */
export const NAME_LETTER = /(?=\p{L})[\p{Script=Arabic}\p{Script=Latin}]/u;

/**
 * A person's name: trimmed, at most MAX_NAME_LENGTH characters (refused above it, never cut:
 * "name_too_long", whose text names the limit) and holding a letter ("name_letter"); required
 * unless `required` is false (then it may be empty).
 */
function personNameSchema({ required }: { required: boolean }) {
  return z.string({ error: "required" }).check(
    z.trim(),
    ...(required ? [z.minLength(1, { error: "required" })] : []),
    z.maxLength(MAX_NAME_LENGTH, { error: "name_too_long" }),
    // A blank name is only "required".
    z.refine((value: string) => value === "" || NAME_LETTER.test(value), { error: "name_letter" }),
    storable(),
  );
}

/** A required name (see personNameSchema). */
export const nameSchema = personNameSchema({ required: true });

const name = nameSchema;

/**
 * The sources whose form takes the customer's name in one field (the jewellery form, split at
 * its first space by splitName): a one-word name, a first name only, leaves the last name empty.
 * Every other source has its own last-name field and requires it.
 */
export const ONE_NAME_FIELD_SOURCES: readonly OrderSource[] = ["jewellery"];

/**
 * The order body's last name: a name's bounds, but empty is allowed here; lastNameRule then
 * requires it unless the source takes the name in one field.
 */
const lastName = personNameSchema({ required: false });

/** Whether an order from `source` may have an empty last name (see ONE_NAME_FIELD_SOURCES). */
export function takesOneNameField(source: unknown): boolean {
  return (ONE_NAME_FIELD_SOURCES as readonly unknown[]).includes(source);
}

/**
 * An empty last name is "required" but for ONE_NAME_FIELD_SOURCES. Checked even when other
 * fields are refused, so a body missing several fields names them all at once.
 */
const lastNameRule = z.superRefine(
  (body: { source?: unknown; customer?: unknown }, ctx) => {
    const customer = body.customer;
    if (typeof customer !== "object" || customer === null || (customer as { lastName?: unknown }).lastName !== "") return;
    if (takesOneNameField(body.source)) return;
    ctx.issues.push({ code: "custom", message: "required", path: ["customer", "lastName"], input: "" });
  },
  { when: (payload) => typeof payload.value === "object" && payload.value !== null },
);

/** A required Algerian mobile number, normalised to 0XXXXXXXXX (`blank` when left blank, else "invalid_phone"). */
export function phoneField(blank: string) {
  return z.pipe(
    z.string({ error: blank }).check(z.trim(), z.minLength(1, { error: blank })),
    z.transform((value: string, ctx) => {
      const normalized = normalizeAlgerianMobile(value);
      if (normalized === null) {
        ctx.issues.push({ code: "custom", message: "invalid_phone", input: value });
        return z.NEVER;
      }
      return normalized;
    }),
  );
}

/** A required Algerian mobile number, normalised to 0XXXXXXXXX ("required", "invalid_phone"). */
export const phoneSchema = phoneField("required");

/** An optional trimmed text: empty or blank counts as absent. */
export function optionalText(max: number, code: OrderFieldCode, inner?: z.ZodMiniType<string, string>) {
  const base = inner ?? z.string({ error: "invalid" });
  return z.pipe(
    z.transform(blankToUndefined),
    z.optional(base.check(z.maxLength(max, { error: code === "invalid_email" ? code : "too_long" }), storable())),
  );
}

/** A two-digit wilaya code ("invalid_wilaya"). */
export const wilayaCodeSchema = z.string({ error: "invalid_wilaya" }).check(z.trim(), z.regex(/^\d{2}$/, { error: "invalid_wilaya" }));

/** An optional four-digit commune code ("invalid_commune"). */
export const communeCodeSchema = z.pipe(
  z.transform(blankToUndefined),
  z.optional(z.string({ error: "invalid_commune" }).check(z.regex(/^\d{4}$/, { error: "invalid_commune" }))),
);

/** To the door (the default) or to the wilaya's stop-desk ("invalid_delivery_type"). */
export const deliveryTypeSchema = z.pipe(
  z.transform(blankToUndefined),
  z._default(z.enum(DELIVERY_TYPES, { error: "invalid_delivery_type" }), "home"),
);

const bundle = z.pipe(z.transform(blankToUndefined), z.optional(z.enum(BUNDLE_IDS, { error: "invalid" })));

/** An offer's id: a whole number from 1 ("invalid"). */
export const offerIdSchema = z.int({ error: "invalid" }).check(z.minimum(1, { error: "invalid" }));

/** The `website` honeypot: anything, blank counting as absent (see honeypotFilled). */
export const honeypotSchema = z.pipe(z.transform(blankToUndefined), z.optional(z.unknown()));

/** True when a body's `website` honeypot holds anything but blanks (bots fill every field). */
export function honeypotFilled(body: unknown): boolean {
  if (typeof body !== "object" || body === null) return false;
  const website = (body as { website?: unknown }).website;
  if (website === undefined || website === null) return false;
  return typeof website !== "string" || website.trim() !== "";
}

/** A product id ("invalid_product"). */
export const productIdSchema = z
  .string({ error: "invalid_product" })
  .check(
    z.trim(),
    z.minLength(1, { error: "invalid_product" }),
    z.maxLength(64, { error: "invalid_product" }),
    z.regex(STORABLE_TEXT, { error: "invalid_product" }),
  );

/** A line's quantity, 1 to MAX_ORDER_QUANTITY ("invalid_quantity"). */
export const quantitySchema = z
  .int({ error: "invalid_quantity" })
  .check(z.minimum(1, { error: "invalid_quantity" }), z.maximum(MAX_ORDER_QUANTITY, { error: "invalid_quantity" }));

/** A variant's id: a whole number from 1 ("invalid"); blank counts as absent (a product without variants). */
export const variantIdSchema = z.pipe(
  z.transform(blankToUndefined),
  z.optional(
    z.pipe(
      z.transform(toWholeNumber),
      z.int({ error: "invalid" }).check(z.minimum(1, { error: "invalid" }), z.maximum(999_999_999, { error: "invalid" })),
    ),
  ),
);

/** "12" → 12 (a form posts text; JSON sends a number); anything else stays as is and is refused. */
function toWholeNumber(value: unknown): unknown {
  return typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : value;
}

/** One order line: a product, its quantity and, for a product with options, its variant. */
export const orderItemSchema = z.object({ productId: productIdSchema, quantity: quantitySchema, variantId: variantIdSchema });

type OrderLine = { productId: string; quantity: number; variantId?: number | undefined };

/**
 * Lines naming the same product (and variant) twice are merged into one (quantities summed,
 * capped at MAX_ORDER_QUANTITY), in the order each first appears: a cart cannot hold
 * duplicates, and a hand-made request gets the same result as a cart. Two variants of one
 * product stay two lines.
 */
function mergeLines(items: OrderLine[]): OrderLine[] {
  const merged = new Map<string, OrderLine>();
  for (const line of items) {
    const key = `${line.productId}\n${line.variantId ?? ""}`;
    const first = merged.get(key);
    if (first) first.quantity = Math.min(MAX_ORDER_QUANTITY, first.quantity + line.quantity);
    else merged.set(key, line.variantId === undefined ? { productId: line.productId, quantity: line.quantity } : { ...line });
  }
  return [...merged.values()];
}

const items = z.pipe(
  z
    .array(orderItemSchema, { error: "items_required" })
    .check(z.minLength(1, { error: "items_required" }), z.maxLength(MAX_ORDER_LINES, { error: "too_many_items" })),
  z.transform(mergeLines),
);

/**
 * The schema of OrderRequestBody. Its issue messages are OrderFieldCode values (never text),
 * its output normalised: names, address and email trimmed, phone as 0XXXXXXXXX, blank optional
 * fields absent, duplicated products merged. Extra properties (a price, a total…) are dropped.
 */
export const orderRequestSchema = z
  .object({
    source: z.enum(ORDER_SOURCES, { error: "invalid_source" }),
    customer: z.object(
      {
        firstName: name,
        lastName,
        phone: phoneSchema,
        wilayaCode: wilayaCodeSchema,
        communeCode: communeCodeSchema,
        address: optionalText(MAX_ADDRESS_LENGTH, "too_long"),
        email: optionalText(MAX_EMAIL_LENGTH, "invalid_email", z.string({ error: "invalid_email" }).check(z.email({ error: "invalid_email" }))),
      },
      { error: "required" },
    ),
    items,
    deliveryType: deliveryTypeSchema,
    stopDesk: optionalText(MAX_STOP_DESK_LENGTH, "invalid"),
    bundle,
    offer: z.optional(offerIdSchema),
    ref: optionalText(MAX_REF_LENGTH, "too_long"),
    website: honeypotSchema,
  })
  .check(
    lastNameRule,
    z.superRefine((body, ctx) => {
      // The product page's form sends the address; a stop-desk order needs none.
      if (body.source === "product_detail" && body.deliveryType === "home" && !body.customer.address) {
        ctx.issues.push({
          code: "custom",
          message: "address_required",
          path: ["customer", "address"],
          input: body.customer.address,
        });
      }
      // The jewellery page: email required, one item, a bundle; no bundle elsewhere.
      if (body.source === "jewellery") {
        if (!body.customer.email) {
          ctx.issues.push({ code: "custom", message: "required", path: ["customer", "email"], input: body.customer.email });
        }
        if (body.bundle === undefined) {
          ctx.issues.push({ code: "custom", message: "required", path: ["bundle"], input: body.bundle });
        }
        if (body.items.length !== 1) {
          ctx.issues.push({ code: "custom", message: "too_many_items", path: ["items"], input: body.items });
        }
      } else if (body.bundle !== undefined) {
        ctx.issues.push({ code: "custom", message: "invalid", path: ["bundle"], input: body.bundle });
      }
      // A quantity offer: the product page's, for its one product.
      if (body.offer !== undefined && (body.source !== "product_detail" || body.items.length !== 1)) {
        ctx.issues.push({ code: "custom", message: "invalid", path: ["offer"], input: body.offer });
      }
    }),
  );

/** The parsed (normalised) body. */
export type ParsedOrderRequest = z.output<typeof orderRequestSchema>;

/**
 * The fields a form shows its errors on: `customer.phone` → "phone", `customer.wilayaCode`
 * → "wilaya", `items.2.quantity` stays as is. First problem of each field wins.
 */
export function orderFieldCodes(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, OrderFieldCode> {
  const fields: Record<string, OrderFieldCode> = {};
  for (const issue of issues) {
    const key = orderFieldKey(issue.path);
    const code = (ORDER_FIELD_CODES as readonly string[]).includes(issue.message) ? (issue.message as OrderFieldCode) : "invalid";
    fields[key] ??= code;
  }
  return fields;
}

function orderFieldKey(path: readonly PropertyKey[]): string {
  const parts = path.map(String);
  if (parts[0] === "customer" && parts.length >= 2) return parts[1] === "wilayaCode" ? "wilaya" : parts[1]!;
  return parts.length > 0 ? parts.join(".") : "body";
}

/**
 * The translated text of a refusal code (POST /api/orders and the order forms, app/lib/order-form.ts): the
 * delivery codes in the delivery texts, the jewellery form's own in its texts.
 */
export function orderFieldMessage(t: TFunction, code: string): string {
  if (code === "invalid_commune" || code === "commune_required" || code === "invalid_delivery_type") return t(`shopDelivery.fields.${code}`);
  if (code === "name_too_long") return t("orders.fields.name_too_long", { max: MAX_NAME_LENGTH });
  if (code === "missing") return t("jewellery.form.required");
  return t(`orders.fields.${code}` as "orders.fields.required", { max: MAX_ORDER_QUANTITY });
}

/** Checks a body on either side: the normalised body, or the refused fields with their codes. */
export function validateOrderRequest(body: unknown): { ok: true; data: ParsedOrderRequest } | { ok: false; fields: Record<string, OrderFieldCode> } {
  const result = orderRequestSchema.safeParse(body);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, fields: orderFieldCodes(result.error.issues) };
}

/**
 * One text per order request, whatever the spelling of the body: the normalised fields in a
 * fixed order, the lines sorted by product, absent optional fields as null and the honeypot
 * left out. Two bodies that would place the same order give the same text, so its hash can
 * stand for the request (an Idempotency-Key's body, a plain form post's duplicate).
 */
export function canonicalOrderRequest(request: ParsedOrderRequest): string {
  const { customer } = request;
  return JSON.stringify([
    request.source,
    [
      customer.firstName,
      customer.lastName,
      customer.phone,
      customer.wilayaCode,
      customer.communeCode ?? null,
      customer.address ?? null,
      customer.email ?? null,
    ],
    [...request.items]
      .sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : (a.variantId ?? 0) - (b.variantId ?? 0)))
      // The variant only when there is one, so the text of a line without one stays as it was.
      .map((line) => (line.variantId !== undefined ? [line.productId, line.quantity, line.variantId] : [line.productId, line.quantity])),
    request.deliveryType ?? null,
    request.bundle ?? null,
    request.ref ?? null,
    // Only when there is one, so the text of every request without an offer stays as it was.
    ...(request.offer !== undefined ? [["offer", request.offer]] : []),
    ...(request.stopDesk !== undefined ? [["stopDesk", request.stopDesk]] : []),
  ]);
}
