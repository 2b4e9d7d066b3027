import type { OrderSource } from "~/lib/order-request";
import type { OutboxMessage } from "../platform/index.server";

/** The outbox topic of a new order, sent to ORDER_WEBHOOK_URL. */
export const ORDER_CREATED_TOPIC = "order.created";

/** The `source` value the old shop's endpoint knows each origin by: the webhook keeps its names. */
const SOURCE_VALUES: Record<OrderSource, string> = {
  quick_buy_cart: "quick_buy_cart",
  quick_buy_product_card: "quick_buy_product_card",
  contact_form: "contact_form",
  product_detail: "unified_product_detail",
  cart_page: "cart_page",
  // The old jewellery page sent no source; ours names it.
  jewellery: "jewellery",
};

export interface OrderWebhookInput {
  orderNumber: string;
  source: OrderSource;
  /** The jewellery bundle (source 'jewellery'). */
  bundle?: string | null;
  customer: { firstName: string; lastName: string; phone: string; address?: string; email?: string };
  wilaya: { code: string; name: string; nameAr: string };
  /** `variant`: the variant a line is sold as (a product with options). */
  lines: {
    productId: string;
    title: string;
    unitPrice: number;
    quantity: number;
    lineTotal: number;
    variant?: { id: number; label: string; sku: string };
  }[];
  itemsTotal: number;
  deliveryPrice: number;
  total: number;
  createdAt: string;
}

/**
 * The form fields POSTed for a new order, named as the old shop's endpoint expects them for
 * the order's origin, so the receiver built for it keeps working: every origin sends firstName, lastName, phone, wilaya,
 * timestamp (ISO) and source; cart origins add items (JSON text of the lines); single-product
 * origins add product (Arabic title), quantity and price (of the first line, with items too
 * when there are several); deliveryPrice, totalAmount (items plus delivery, in dinars) and
 * address where the origin had them. orderNumber, wilayaCode and email (when given) are added
 * to every message. A line sold as a variant names it in its title ("title — label", as the
 * receiver shows a product's name) and adds variant_sku (in items, and beside product).
 */
export function orderWebhookFields(input: OrderWebhookInput): Record<string, string> {
  const fields: Record<string, string> = {
    orderNumber: input.orderNumber,
    firstName: input.customer.firstName,
    lastName: input.customer.lastName,
    phone: input.customer.phone,
    wilaya: input.wilaya.name,
    wilayaCode: input.wilaya.code,
  };
  const titleOf = (line: OrderWebhookInput["lines"][number]) => (line.variant ? `${line.title} — ${line.variant.label}` : line.title);
  const first = input.lines[0]!;
  const items = JSON.stringify(
    input.lines.map((line) => ({
      id: line.productId,
      title: titleOf(line),
      price: line.unitPrice,
      quantity: line.quantity,
      total: line.lineTotal,
      ...(line.variant ? { variant_sku: line.variant.sku } : {}),
    })),
  );
  const singleProduct = () => {
    fields.product = titleOf(first);
    if (first.variant) fields.variant_sku = first.variant.sku;
    fields.quantity = String(first.quantity);
    fields.price = String(first.unitPrice);
    if (input.lines.length > 1) fields.items = items;
  };
  switch (input.source) {
    case "quick_buy_cart":
      fields.items = items;
      break;
    case "quick_buy_product_card":
      singleProduct();
      break;
    case "contact_form":
      singleProduct();
      break;
    case "product_detail":
      singleProduct();
      if (input.customer.address) fields.address = input.customer.address;
      break;
    case "cart_page":
      fields.items = items;
      break;
    case "jewellery":
      singleProduct();
      // As the old jewellery page named them: the item and package, and the budget in DA.
      if (input.bundle) fields.bundle = input.bundle;
      fields.projectType = input.bundle ? `${titleOf(first)} — ${input.bundle}` : titleOf(first);
      fields.budget = `${input.itemsTotal} DA`;
      break;
  }
  if (input.source !== "product_detail" && input.customer.address) fields.address = input.customer.address;
  fields.deliveryPrice = String(input.deliveryPrice);
  fields.totalAmount = String(input.total);
  if (input.customer.email) fields.email = input.customer.email;
  fields.timestamp = input.createdAt;
  fields.source = SOURCE_VALUES[input.source];
  return fields;
}

/** The outbox message of a new order: its form fields as JSON text. */
export function orderWebhookMessage(input: OrderWebhookInput): OutboxMessage {
  return { topic: ORDER_CREATED_TOPIC, payload: JSON.stringify(orderWebhookFields(input)) };
}
