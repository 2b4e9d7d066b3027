import * as z from "zod/mini";
import { BUNDLE_IDS } from "./jewellery";
import {
  MAX_ADDRESS_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_NAME_LENGTH,
  MAX_ORDER_LINES,
  MAX_STOP_DESK_LENGTH,
  ORDER_SOURCES,
  STORABLE_TEXT,
  offerIdSchema,
  orderItemSchema,
  phoneSchema,
  type OrderRequestBody,
} from "./order-request";

/**
 * An abandoned order form (POST /api/order-drafts): what a shopper typed once the phone was a
 * valid Algerian mobile, in the shape of an order body (app/lib/order-request.ts) with every field
 * but the phone, the source and the lines optional, since the shopper left before finishing. The
 * team calls the number and may turn the draft into an order, which the order service checks in
 * full then.
 */

/** The largest draft body read (413 above): a full cart with every field at its longest fits. */
export const MAX_DRAFT_BODY_BYTES = 16 * 1024;

/** How long a draft is kept (Law 18-07: personal data no longer than its purpose needs). */
export const DRAFT_RETENTION_DAYS = 30;

const text = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max), z.regex(STORABLE_TEXT)));

export const orderDraftSchema = z.object({
  source: z.enum(ORDER_SOURCES),
  customer: z.object({
    firstName: text(MAX_NAME_LENGTH),
    lastName: text(MAX_NAME_LENGTH),
    phone: phoneSchema,
    wilayaCode: z.optional(z.string().check(z.regex(/^\d{2}$/))),
    communeCode: z.optional(z.string().check(z.regex(/^\d{4}$/))),
    address: text(MAX_ADDRESS_LENGTH),
    email: text(MAX_EMAIL_LENGTH),
  }),
  items: z.array(orderItemSchema).check(z.minLength(1), z.maxLength(MAX_ORDER_LINES)),
  deliveryType: z.optional(z.enum(["home", "stop_desk"])),
  stopDesk: text(MAX_STOP_DESK_LENGTH),
  offer: z.optional(offerIdSchema),
  bundle: z.optional(z.enum(BUNDLE_IDS)),
});

/** A draft as stored and shown: phone normalised, blanks left out. */
export type OrderDraft = z.output<typeof orderDraftSchema>;

/** What a client sends (the same shape; the phone as typed). */
export type OrderDraftBody = Omit<OrderDraft, "items"> & { items: { productId: string; quantity: number; variantId?: number | undefined }[] };

/** Reads a draft body; null when it is not one. */
export function parseOrderDraft(body: unknown): OrderDraft | null {
  const parsed = orderDraftSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}

/** The order body a draft becomes when the team turns it into an order (the order service checks every field then). */
export function orderBodyOfDraft(draft: OrderDraft): OrderRequestBody {
  const { customer } = draft;
  const body: OrderRequestBody = {
    source: draft.source,
    customer: {
      firstName: customer.firstName ?? "",
      lastName: customer.lastName ?? "",
      phone: customer.phone,
      wilayaCode: customer.wilayaCode ?? "",
    },
    items: draft.items.map((line) => (line.variantId !== undefined ? { ...line } : { productId: line.productId, quantity: line.quantity })),
  };
  if (customer.communeCode) body.customer.communeCode = customer.communeCode;
  if (customer.address) body.customer.address = customer.address;
  if (customer.email) body.customer.email = customer.email;
  if (draft.deliveryType) body.deliveryType = draft.deliveryType;
  if (draft.stopDesk && draft.deliveryType === "stop_desk") body.stopDesk = draft.stopDesk;
  if (draft.offer !== undefined) body.offer = draft.offer;
  if (draft.bundle !== undefined) body.bundle = draft.bundle;
  return body;
}
