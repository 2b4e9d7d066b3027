// zod/mini, as order-request.ts: the forms ship these schemas to the browser.
import * as z from "zod/mini";
import type { $ZodIssue, $ZodType } from "zod/v4/core";
import { parseWithZod, type Submission, type SubmissionResult } from "@conform-to/zod/v4";
import type { TFunction } from "i18next";
import type { StopDeskChoice } from "./courier-places";
import type { CommuneChoice } from "./delivery-options";
import type { OrderConfirmation } from "./order-confirmation";
import { BUNDLE_IDS, splitName } from "./jewellery";
import {
  blankToUndefined,
  deliveryTypeSchema,
  honeypotSchema,
  MAX_ADDRESS_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_NAME_LENGTH,
  MAX_ORDER_LINES,
  NAME_LETTER,
  MAX_REF_LENGTH,
  MAX_STOP_DESK_LENGTH,
  nameSchema,
  offerIdSchema,
  optionalText,
  orderFieldMessage,
  orderItemSchema,
  phoneField,
  productIdSchema,
  quantitySchema,
  STORABLE_TEXT,
  variantIdSchema,
  wilayaCodeSchema,
  type OrderCreated,
  type OrderRequestBody,
  type OrderSource,
} from "./order-request";

/**
 * The shop's order forms, one schema per kind of form
 * (docs/decisions/0025-one-order-path-with-conform.md). Each parses the form's own named fields,
 * with Conform (`parseWithZod`): in the browser before the form is sent, and in the route action
 * that takes the post, with or without JavaScript. Its issue messages are codes, shown translated
 * (orderFieldMessage) on both sides. Each kind then makes the one order body (OrderRequestBody)
 * that the order service takes, as POST /api/orders does.
 *
 * Every kind shares the customer's fields (customerFields): a field every form has is added there
 * once. Every form collects what a courier needs: the wilaya, the commune, home or stop-desk,
 * and the address for a delivery to the door (withDeliveryRules).
 */

/** The field of a client-made Idempotency-Key, added to a form only once JavaScript runs (decision 0023). */
export const ORDER_KEY_FIELD = "idempotencyKey";

/** The field that marks a post sent by the page's script (which wants the answer, not a redirect); forms without a key. */
export const SCRIPTED_FIELD = "scripted";

/** Posted fields a refused form never shows again: the honeypot and the client's key. */
export const HIDDEN_ORDER_FIELDS = ["website", ORDER_KEY_FIELD] as const;

const idempotencyKey = z.optional(z.string());

/** The submit button that asks the form's action for the fee of the typed wilaya and mode, without ordering (no JavaScript). */
export const QUOTE_FIELD = "quote";

/** A commune of the form's wilaya, required: the courier delivers to a commune ("commune_required"). */
const communeField = z.pipe(
  z.transform(blankToUndefined),
  z.string({ error: "commune_required" }).check(z.regex(/^\d{4}$/, { error: "invalid_commune" })),
);

/** The customer's fields of every order form: names, phone, wilaya, and where and how to deliver. */
export const customerFields = {
  firstName: nameSchema,
  lastName: nameSchema,
  phone: phoneField("required"),
  wilaya: wilayaCodeSchema,
  commune: communeField,
  deliveryType: deliveryTypeSchema,
  /** The courier's stop-desk, where the form offers the default courier's desks (the order service checks it). */
  stopDesk: optionalText(MAX_STOP_DESK_LENGTH, "invalid"),
  address: optionalText(MAX_ADDRESS_LENGTH, "too_long"),
  ref: optionalText(MAX_REF_LENGTH, "too_long"),
  website: honeypotSchema,
  [ORDER_KEY_FIELD]: idempotencyKey,
};

/**
 * The address is required for a delivery to the door, not at a stop-desk ("address_required").
 * Checked even when other fields are refused, so an empty form shows every missing field at once.
 */
const homeNeedsAddress = z.superRefine(
  (value: { deliveryType?: unknown; address?: unknown }, ctx) => {
    if (value.deliveryType !== "stop_desk" && value.address === undefined) {
      ctx.issues.push({ code: "custom", message: "address_required", path: ["address"], input: value.address });
    }
  },
  { when: (payload) => typeof payload.value === "object" && payload.value !== null },
);

type CustomerValue = {
  firstName: string;
  lastName: string;
  phone: string;
  wilaya: string;
  commune?: string;
  deliveryType: OrderRequestBody["deliveryType"];
  stopDesk?: string;
  address?: string;
  ref?: string;
  website?: unknown;
};

/** The body's customer part and shared fields, from the customer's fields (blank ones left out). */
function customerBody(value: CustomerValue, source: OrderSource, items: OrderRequestBody["items"]): OrderRequestBody {
  const body: OrderRequestBody = {
    source,
    customer: { firstName: value.firstName, lastName: value.lastName, phone: value.phone, wilayaCode: value.wilaya },
    items,
    deliveryType: value.deliveryType,
  };
  if (value.commune !== undefined) body.customer.communeCode = value.commune;
  if (value.address !== undefined) body.customer.address = value.address;
  if (value.stopDesk !== undefined && value.deliveryType === "stop_desk") body.stopDesk = value.stopDesk;
  if (value.ref !== undefined) body.ref = value.ref;
  if (value.website !== undefined) body.website = value.website as string;
  return body;
}

/** The lines a form posts as items[0].productId, items[0].quantity… (cart page, quick-buy). */
const itemsField = z
  .array(orderItemSchema, { error: "items_required" })
  .check(z.minLength(1, { error: "items_required" }), z.maxLength(MAX_ORDER_LINES, { error: "too_many_items" }));

/** The cart page's checkout: the customer and the cart's lines. */
export const cartOrderSchema = z.object({ ...customerFields, items: itemsField }).check(homeNeedsAddress);

/** The quick-buy modal (cart drawer and product cards): the customer, the lines and which of the two it is. */
export const quickBuySchema = z
  .object({
    ...customerFields,
    items: itemsField,
    source: z.enum(["quick_buy_cart", "quick_buy_product_card"], { error: "invalid_source" }),
  })
  .check(homeNeedsAddress);

/** The contact page's quick order: the customer, one product and its quantity. */
export const contactOrderSchema = z
  .object({
    ...customerFields,
    product: productIdSchema,
    quantity: quantitySchema,
  })
  .check(homeNeedsAddress);

/** The most pieces the quick-buy and buy-now quantity pickers offer (never more than the stock shown). */
export const MAX_PICKED_QUANTITY = 5;

/** The quantities a picker offers: 1 to MAX_PICKED_QUANTITY, and no more than the stock the shop shows (at least 1). */
export function pickableQuantities(stock: number | undefined): number[] {
  const most = Math.max(1, Math.min(MAX_PICKED_QUANTITY, stock ?? MAX_PICKED_QUANTITY));
  return Array.from({ length: most }, (_, index) => index + 1);
}

/**
 * The product page's form: the customer and the quantity (1 when absent), or one of the
 * product's quantity offers (its id; the order service prices it); the line is the page's
 * product, as the variant the shopper chose (`variant`, its id; the service requires one for a
 * product with options and names the option to choose).
 */
export const productOrderSchema = z
  .object({ ...customerFields, quantity: z.optional(quantitySchema), offer: z.optional(offerIdSchema), variant: variantIdSchema })
  .check(homeNeedsAddress);

/**
 * The jewellery form: one name field (split at its first space into first and last name; a
 * one-word name is a first name with an empty last name), phone,
 * email and wilaya, and the bundle. A blank name, phone or email is `missing` (the form's one
 * alert rather than an error per field); the line is the page's item.
 */
export const jewelleryOrderSchema = z
  .object({
    ...customerFields,
    firstName: z.optional(z.string()),
    lastName: z.optional(z.string()),
    name: z.pipe(
      z.string({ error: "missing" }).check(z.trim(), z.minLength(1, { error: "missing" }), z.regex(STORABLE_TEXT, { error: "invalid" })),
      z.transform((name: string, ctx) => {
        // A one-word name is a first name alone: its last name stays empty, which the order
        // body allows for this form only (ONE_NAME_FIELD_SOURCES). Each part keeps its bounds.
        const split = splitName(name);
        if (split.firstName.length > MAX_NAME_LENGTH || split.lastName.length > MAX_NAME_LENGTH) {
          ctx.issues.push({ code: "custom", message: "name_too_long", input: name });
        } else if (!NAME_LETTER.test(split.firstName) || (split.lastName !== "" && !NAME_LETTER.test(split.lastName))) {
          ctx.issues.push({ code: "custom", message: "name_letter", input: name });
        }
        return split;
      }),
    ),
    phone: phoneField("missing"),
    email: z.pipe(
      z.transform(blankToUndefined),
      z
        .string({ error: "missing" })
        .check(
          z.maxLength(MAX_EMAIL_LENGTH, { error: "invalid_email" }),
          z.email({ error: "invalid_email" }),
          z.regex(STORABLE_TEXT, { error: "invalid_email" }),
        ),
    ),
    bundle: z.pipe(z.transform(blankToUndefined), z.enum(BUNDLE_IDS, { error: (issue) => (issue.input === undefined ? "required" : "invalid") })),
  })
  .check(homeNeedsAddress);

export type CartOrderValue = z.output<typeof cartOrderSchema>;
export type QuickBuyValue = z.output<typeof quickBuySchema>;
export type ContactOrderValue = z.output<typeof contactOrderSchema>;
export type ProductOrderValue = z.output<typeof productOrderSchema>;
export type JewelleryOrderValue = z.output<typeof jewelleryOrderSchema>;

/** The order bodies of each kind of form (the route adds what the page knows: the product, the item). */
export const orderBodyOf = {
  cart: (value: CartOrderValue) => customerBody(value, "cart_page", value.items),
  quickBuy: (value: QuickBuyValue) => customerBody(value, value.source, value.items),
  contact: (value: ContactOrderValue) => customerBody(value, "contact_form", [{ productId: value.product, quantity: value.quantity }]),
  product: (value: ProductOrderValue, productId: string) => {
    const line = { productId, quantity: value.offer !== undefined ? 1 : (value.quantity ?? 1) };
    const body = customerBody(value, "product_detail", [value.variant !== undefined ? { ...line, variantId: value.variant } : line]);
    if (value.offer !== undefined) body.offer = value.offer;
    return body;
  },
  jewellery: (value: JewelleryOrderValue, productId: string): OrderRequestBody => {
    const body = customerBody({ ...value, ...value.name }, "jewellery", [{ productId, quantity: 1 }]);
    body.customer.email = value.email;
    body.bundle = value.bundle;
    return body;
  },
};

/** The kinds of order form, named as in orderBodyOf. */
export type OrderFormKind = keyof typeof orderBodyOf;

/** What a form shows for its refusals: a text per code, and the form's own message above the fields. */
export interface FormMessages {
  field(code: string): string;
  form: string;
}

export const orderFormMessages = (t: TFunction): FormMessages => ({
  field: (code) => orderFieldMessage(t, code),
  form: t("orders.errors.invalid_order"),
});

/**
 * Parses a form's data with its schema (Conform): the same call in the browser (onValidate) and
 * in the route action. Each refused field gets its translated text; a refused form also gets the
 * form's message (the one a refused order shows above the fields).
 */
export function parseForm<Schema extends $ZodType>(formData: FormData | URLSearchParams, schema: Schema, messages: FormMessages) {
  const submission = parseWithZod(formData, {
    schema,
    formatError: (issues: $ZodIssue[]) => issues.map((issue) => messages.field(issue.message)),
  });
  if (submission.status === "error" && submission.error && !submission.error[""]) submission.error[""] = [messages.form];
  return submission;
}

/**
 * What an order form's route action answers when it does not redirect: Conform's result (the
 * refused fields with their texts, the form's message, what was typed), the order placed (a
 * post with the client's key), and for the product form the communes of the typed wilaya (its
 * plain <select> without JavaScript).
 */
export interface FormAnswer {
  result: SubmissionResult<string[]>;
}

export interface OrderFormAnswer extends FormAnswer {
  order?: OrderCreated;
  /** The placed order's confirmation, shown in place of the form (with JavaScript). */
  confirmation?: OrderConfirmation;
  communes?: CommuneChoice[];
  /** The default courier's stop-desks of the typed wilaya, with a stop-desk delivery (the form shown again without JavaScript). */
  stopDesks?: StopDeskChoice[];
}

/** The answer of a form the schema refused: the fields' texts and what was typed (but the honeypot and the key). */
export function refusedForm(submission: Submission<unknown, string[]>): OrderFormAnswer {
  return { result: submission.reply({ hideFields: [...HIDDEN_ORDER_FIELDS] }) };
}

/**
 * The answer of an order the shop refused (stock, wilaya, limits…): its message above the form
 * and its fields' texts on the form's own fields (fieldNameOf; null: shown by the message only).
 */
export function refusedOrder(
  submission: Submission<unknown, string[]>,
  error: { message: string; fields: Record<string, string> },
  kind: OrderFormKind,
): OrderFormAnswer {
  const fieldErrors: Record<string, string[]> = {};
  for (const [field, message] of Object.entries(error.fields)) {
    const name = formFieldOf(kind, field);
    if (name !== null) fieldErrors[name] ??= [message];
  }
  return { result: submission.reply({ formErrors: [error.message], fieldErrors, hideFields: [...HIDDEN_ORDER_FIELDS] }) };
}

/** The answer of an order placed with the client's key (JavaScript): the order, its confirmation, and a fresh form. */
export function placedOrder(submission: Submission<unknown, string[]>, order: OrderCreated, confirmation?: OrderConfirmation): OrderFormAnswer {
  return { result: submission.reply({ resetForm: true }), order, ...(confirmation ? { confirmation } : {}) };
}

/**
 * The form field that shows an error of the order service, named as POST /api/orders names
 * them (firstName, wilaya, communeCode, items.0.quantity…); null when the form has no such field.
 */
export function formFieldOf(kind: OrderFormKind, field: string): string | null {
  if (field === "communeCode") return "commune";
  const line = /^items\.(\d+)\.(productId|quantity|variantId)$/.exec(field);
  if (line) {
    // The product form's chosen variant is its `variant` field.
    if (line[2] === "variantId")
      return kind === "product" ? "variant" : kind === "cart" || kind === "quickBuy" ? `items[${line[1]}].variantId` : null;
    if (kind === "contact") return line[2] === "quantity" ? "quantity" : "product";
    if (kind === "product") return line[2] === "quantity" ? "quantity" : null;
    if (kind === "cart" || kind === "quickBuy") return `items[${line[1]}].${line[2]}`;
    return null;
  }
  if (field === "items") return kind === "contact" ? "product" : null;
  if (kind === "jewellery" && (field === "firstName" || field === "lastName")) return "name";
  return field;
}

/** True when the post is the "update the fee" button's (QUOTE_FIELD, shown without JavaScript): nothing is ordered. */
export function isQuote(formData: FormData): boolean {
  return formData.has(QUOTE_FIELD);
}

/**
 * The answer to a quote: the form as typed (but the honeypot, the key and the button) with no
 * refusal, so the page shows it again with the fee and total of the typed wilaya and mode.
 */
export function quotedForm(submission: Submission<unknown, string[]>): OrderFormAnswer {
  const { initialValue } = submission.reply({ hideFields: [...HIDDEN_ORDER_FIELDS, QUOTE_FIELD] });
  return { result: { initialValue } };
}

/** A parsed order form: its order body (null when the schema refused it) and the client's key. */
export interface ParsedOrderForm {
  submission: Submission<unknown, string[]>;
  body: OrderRequestBody | null;
  key: string | undefined;
}

/** The order body a form's schema gave, through that form's own body builder. */
export function parsedOrder<Value extends { idempotencyKey?: string }>(
  submission: Submission<unknown, string[], Value>,
  body: (value: Value) => OrderRequestBody,
): ParsedOrderForm {
  if (submission.status !== "success") return { submission, body: null, key: undefined };
  return { submission, body: body(submission.value), key: submission.value.idempotencyKey };
}
