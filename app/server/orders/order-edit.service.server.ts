import type { Kysely } from "kysely";
import type { TFunction } from "i18next";
import type { Language } from "~/i18n/config";
import { isBundleId } from "~/lib/jewellery";
import {
  isEditableStatus,
  MAX_DELIVERY_PRICE,
  MAX_FEE_REASON_LENGTH,
  type OrderEditChanges,
  type OrderEditEntry,
  type OrderEditView,
  type OrderEditField,
  type OrderEditLine,
} from "~/lib/order-edit";
import { orderFieldMessage, STORABLE_TEXT, takesOneNameField, validateOrderRequest } from "~/lib/order-request";
import { listWilayas, listCommunes } from "../delivery/index.server";
import type { Database } from "../db/database.server";
import { i18nFor } from "../i18n.server";
import { logger } from "../logger.server";
import {
  applyOrderEdit,
  selectOrderEdits,
  selectOrderForEdit,
  selectOrderLinesForEdit,
  type OrderEditWrite,
  type OrderLineForEdit,
} from "./order-edit.repo.server";
import { priceOrderLines, resolveOrderDelivery, type PricedLine } from "./order-pricing.server";
import { isPhoneBlocked } from "./order-workflow.server";

/**
 * Orders edited by the team until they ship (docs/decisions/0033-order-edits.md): the customer,
 * the delivery, the lines and the fee, checked by the rules an order is placed under, priced
 * from the catalogue of the moment, the totals recomputed here, each changed field recorded
 * with its before, after and author.
 */

/** Who edits: the admin's id and the name the team knows them by (AdminSession). */
export interface OrderEditor {
  adminId: number | null;
  name: string;
}

export type OrderEditResult =
  | { ok: true; changed: OrderEditField[] }
  | {
      ok: false;
      code: "not_found" | "not_editable" | "invalid" | "blocked_phone" | "out_of_stock" | "product_missing" | "stale";
      /** The translated refusal, and the refused fields (form field → text). */
      message: string;
      fields: Record<string, string>;
    };

/** The lines as an edit records them (before and after). */
function linesRecord(
  lines: readonly {
    productId: string;
    variantId: number | null;
    title: string;
    variantLabel: string | null;
    offerId: number | null;
    quantity: number;
    unitPrice: number;
    lineTotal: number;
  }[],
) {
  return lines.map((line) => ({
    productId: line.productId,
    ...(line.variantId !== null ? { variantId: line.variantId, variant: line.variantLabel } : {}),
    ...(line.offerId !== null ? { offerId: line.offerId } : {}),
    title: line.title,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    lineTotal: line.lineTotal,
  }));
}

const storedLines = (lines: readonly OrderLineForEdit[]) =>
  linesRecord(
    lines.map((line) => ({
      productId: line.product_id,
      variantId: line.variant_id,
      title: line.title,
      variantLabel: line.variant_label,
      offerId: line.offer_id,
      quantity: line.quantity,
      unitPrice: line.unit_price,
      lineTotal: line.line_total,
    })),
  );

const pricedLines = (lines: readonly PricedLine[]) =>
  linesRecord(
    lines.map((line) => ({
      productId: line.productId,
      variantId: line.variant?.id ?? null,
      title: line.title,
      variantLabel: line.variant?.label ?? null,
      offerId: line.offer?.id ?? null,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      lineTotal: line.lineTotal,
    })),
  );

/**
 * Edits an order while it is new or confirmed, never once shipped. The customer's fields, the
 * delivery and the lines go through the order request's schema (bounds, normalised phone, the
 * address a home delivery needs where the order's form asks for it), a new phone through the
 * blocklist, the wilaya, commune and courier stop-desk through the checkout's checks; the lines
 * are priced from the catalogue now (offers as at placement) and the fee recomputed from the
 * fee table unless set by hand with a reason. On a confirmed order the stock difference of the
 * lines is taken or returned in the same transaction, refused (nothing changed) when short.
 */
export async function editOrder(
  db: Kysely<Database>,
  orderId: number,
  changes: OrderEditChanges,
  editor: OrderEditor,
  options: { language?: Language; now?: () => Date } = {},
): Promise<OrderEditResult> {
  const { t } = await i18nFor(options.language ?? "ar");
  const refuse = (code: Extract<OrderEditResult, { ok: false }>["code"], fields: Record<string, string> = {}, message?: string): OrderEditResult => ({
    ok: false,
    code,
    fields,
    message: message ?? t(`adminOrderEdit.errors.${code}`),
  });

  const [order, currentLines] = await Promise.all([selectOrderForEdit(db, orderId), selectOrderLinesForEdit(db, orderId)]);
  if (!order) return refuse("not_found");
  if (!isEditableStatus(order.status)) return refuse("not_editable");

  const customer = {
    firstName: changes.customer?.firstName ?? order.first_name,
    lastName: changes.customer?.lastName ?? order.last_name,
    phone: changes.customer?.phone ?? order.phone,
    wilayaCode: changes.customer?.wilayaCode ?? order.wilaya_code,
    communeCode: changes.customer?.communeCode ?? order.commune_code ?? undefined,
    address: changes.customer?.address ?? order.address ?? undefined,
    email: order.email ?? undefined,
  };
  const deliveryType = changes.deliveryType ?? order.delivery_type;
  const stopDesk = changes.stopDesk ?? order.stop_desk_code ?? undefined;
  const bundle = isBundleId(order.bundle) ? order.bundle : undefined;
  const requested: OrderEditLine[] =
    changes.items ??
    currentLines.map((line) => ({
      productId: line.product_id,
      quantity: line.quantity,
      variantId: line.variant_id ?? undefined,
      offerId: line.offer_id ?? undefined,
    }));

  // The placement's schema: bounds, normalised phone and names, the address rule, the lines'
  // count and quantities (a line under an offer takes the offer's quantity below).
  const parsed = validateOrderRequest({
    source: order.source,
    customer,
    items: requested.map((line) => ({
      productId: line.productId,
      quantity: line.offerId !== undefined ? 1 : line.quantity,
      variantId: line.variantId,
    })),
    deliveryType,
    stopDesk,
    bundle,
  });
  if (!parsed.ok) {
    const fields = Object.fromEntries(Object.entries(parsed.fields).map(([field, code]) => [field, orderFieldMessage(t, code)]));
    return refuse("invalid", fields);
  }
  const request = parsed.data;
  // Lines naming one product (and variant) twice are merged by the schema; each keeps its first offer.
  const items = request.items.map((line) => ({
    ...line,
    offerId: requested.find((one) => one.productId === line.productId && (one.variantId ?? null) === (line.variantId ?? null))?.offerId,
  }));

  if (request.customer.phone !== order.phone && (await isPhoneBlocked(db, request.customer.phone))) {
    return refuse("blocked_phone", { phone: t("adminOrderEdit.errors.blocked_phone") });
  }

  // Unchanged lines keep their prices; changed ones are priced from the catalogue now.
  const sameLines =
    changes.items === undefined ||
    (items.length === currentLines.length &&
      items.every((line, index) => {
        const current = currentLines[index]!;
        return (
          current.product_id === line.productId &&
          (current.variant_id ?? undefined) === line.variantId &&
          (current.offer_id ?? undefined) === line.offerId &&
          (line.offerId !== undefined || current.quantity === line.quantity)
        );
      }));
  let lines: PricedLine[] | null = null;
  if (!sameLines) {
    const priced = await priceOrderLines(db, items, { bundle, language: options.language ?? "ar", t, checkStock: false });
    if (!priced.ok) return refuse("invalid", priced.fields, priced.message ?? t(`orders.errors.${priced.code}`));
    lines = priced.lines;
  }

  const sameDelivery =
    request.customer.wilayaCode === order.wilaya_code &&
    (request.customer.communeCode ?? null) === order.commune_code &&
    request.deliveryType === order.delivery_type &&
    (request.deliveryType === "home" || (request.stopDesk ?? null) === order.stop_desk_code);
  let stopDeskSet = { stop_desk_account_id: order.stop_desk_account_id, stop_desk_code: order.stop_desk_code, stop_desk_name: order.stop_desk_name };
  let communeCode = order.commune_code;
  let tablePrice: number | null = null;
  if (!sameDelivery || changes.delivery === "table") {
    const delivery = await resolveOrderDelivery(db, request, t);
    if (!delivery.ok) return refuse("invalid", delivery.fields, t(`orders.errors.${delivery.code}`));
    stopDeskSet = {
      stop_desk_account_id: delivery.stopDesk?.accountId ?? null,
      stop_desk_code: delivery.stopDesk?.code ?? null,
      stop_desk_name: delivery.stopDesk?.name ?? null,
    };
    communeCode = delivery.commune?.code ?? null;
    tablePrice = delivery.deliveryPrice;
  }

  // The fee: set by hand with its reason; else from the table when the delivery changed or the
  // editor asked for it; else as it was (a fee set by hand stays until changed).
  let deliveryPrice = order.delivery_price;
  let reason = order.delivery_price_reason;
  if (typeof changes.delivery === "object") {
    const { price } = changes.delivery;
    const why = changes.delivery.reason.trim();
    const fields: Record<string, string> = {};
    if (!Number.isSafeInteger(price) || price < 0 || price > MAX_DELIVERY_PRICE)
      fields.feePrice = t("adminOrderEdit.errors.fee_price", { max: MAX_DELIVERY_PRICE });
    if (why === "") fields.feeReason = t("adminOrderEdit.errors.fee_reason");
    else if (why.length > MAX_FEE_REASON_LENGTH || !STORABLE_TEXT.test(why))
      fields.feeReason = t("adminOrderEdit.errors.fee_reason_long", { max: MAX_FEE_REASON_LENGTH });
    if (Object.keys(fields).length > 0) return refuse("invalid", fields);
    deliveryPrice = price;
    reason = why;
  } else if (tablePrice !== null && (changes.delivery === "table" || reason === null)) {
    deliveryPrice = tablePrice;
    reason = null;
  }

  const itemsTotal = lines ? lines.reduce((sum, line) => sum + line.lineTotal, 0) : order.items_total;
  const set: OrderEditWrite["set"] = {
    first_name: request.customer.firstName,
    last_name: request.customer.lastName,
    phone: request.customer.phone,
    wilaya_code: request.customer.wilayaCode,
    commune_code: communeCode,
    delivery_type: request.deliveryType,
    ...stopDeskSet,
    address: request.customer.address ?? null,
    items_total: itemsTotal,
    delivery_price: deliveryPrice,
    delivery_price_reason: reason,
    total: itemsTotal + deliveryPrice,
  };

  const edits: OrderEditWrite["edits"] = [];
  const record = (field: OrderEditField, before: unknown, after: unknown, why: string | null = null) => {
    const was = before === null || before === undefined ? null : JSON.stringify(before);
    const now = after === null || after === undefined ? null : JSON.stringify(after);
    if (was !== now) edits.push({ field, before: was, after: now, reason: why });
  };
  record("customer.firstName", order.first_name, set.first_name);
  record("customer.lastName", order.last_name, set.last_name);
  record("customer.phone", order.phone, set.phone);
  record("customer.wilayaCode", order.wilaya_code, set.wilaya_code);
  record("customer.communeCode", order.commune_code, set.commune_code);
  record("customer.address", order.address, set.address);
  record("deliveryType", order.delivery_type, set.delivery_type);
  record("stopDesk", order.stop_desk_name, set.stop_desk_name);
  if (lines) record("lines", storedLines(currentLines), pricedLines(lines));
  if (deliveryPrice !== order.delivery_price || reason !== order.delivery_price_reason) {
    edits.push({ field: "deliveryPrice", before: JSON.stringify(order.delivery_price), after: JSON.stringify(deliveryPrice), reason });
  }
  record("total", order.total, set.total);
  if (edits.length === 0) return { ok: true, changed: [] };

  const result = await applyOrderEdit(db, {
    orderId,
    status: order.status,
    set,
    lines,
    moveStock: order.status === "confirmed",
    edits,
    adminId: editor.adminId,
    actor: editor.name,
    at: (options.now?.() ?? new Date()).toISOString(),
  });
  switch (result.kind) {
    case "edited":
      logger.info({ orderId, adminId: editor.adminId, fields: edits.map((edit) => edit.field) }, "order edited");
      return { ok: true, changed: edits.map((edit) => edit.field as OrderEditField) };
    case "stale":
      return refuse("stale");
    case "short":
      return result.missing
        ? refuse("product_missing", {}, t("adminOrderEdit.errors.product_missing", { product: result.title }))
        : refuse("out_of_stock", {}, t("adminOrderEdit.errors.out_of_stock", { product: result.title, available: result.available }));
  }
}

const parse = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** What the order page's edit form and history need: whether it is editable, its current values, the wilayas and the edits. */
export async function orderEditPage(db: Kysely<Database>, orderId: number, language: Language): Promise<OrderEditView | null> {
  const [order, lines, edits, wilayas] = await Promise.all([
    selectOrderForEdit(db, orderId),
    selectOrderLinesForEdit(db, orderId),
    selectOrderEdits(db, orderId),
    listWilayas(db, language),
  ]);
  if (!order) return null;
  const communes = (await listCommunes(db, order.wilaya_code)) ?? [];
  return {
    editable: isEditableStatus(order.status),
    // The placement's rule (validateOrderRequest): the edit form asks no more than the order's form did.
    lastNameRequired: !takesOneNameField(order.source),
    values: {
      firstName: order.first_name,
      lastName: order.last_name,
      phone: order.phone,
      wilayaCode: order.wilaya_code,
      communeCode: order.commune_code,
      deliveryType: order.delivery_type,
      stopDesk: order.stop_desk_code,
      address: order.address,
      deliveryPrice: order.delivery_price,
      deliveryPriceReason: order.delivery_price_reason,
      lines: lines.map((line) => ({
        productId: line.product_id,
        title: line.title,
        quantity: line.quantity,
        unitPrice: line.unit_price,
        variantId: line.variant_id,
        variantLabel: line.variant_label,
        offerId: line.offer_id,
        offerLabel: line.offer_label,
      })),
    },
    wilayas: wilayas.map(({ code, name }) => ({ code, name })),
    communes: communes.map((commune) => ({ code: commune.code, name: language === "ar" ? commune.nameAr : commune.name })),
    edits: edits.map((edit): OrderEditEntry => ({
      id: edit.id,
      field: edit.field,
      before: parse(edit.before),
      after: parse(edit.after),
      reason: edit.reason,
      actor: edit.actor,
      createdAt: edit.created_at,
    })),
  };
}

/** The translated refusal of an edit (for a caller that has only the code). */
export function orderEditErrorMessage(t: TFunction, code: Extract<OrderEditResult, { ok: false }>["code"]): string {
  return t(`adminOrderEdit.errors.${code}`);
}
