import { buildCsv, type CsvValue } from "./csv";
import { personName } from "./text";

/**
 * Pure rules of the admin's printouts of orders: the CSV export of a filtered list
 * (/admin/orders.csv) and the A6 delivery slip (/admin/orders/:id/slip).
 */

/** One order as the export and the slip see it (names resolved, lines attached). */
export interface PrintableOrder {
  id: number;
  orderNumber: string;
  /** ISO timestamp. */
  createdAt: string;
  status: string;
  source: string;
  firstName: string;
  lastName: string;
  phone: string;
  wilayaCode: string;
  wilayaName: string;
  wilayaNameAr: string;
  communeName: string | null;
  communeNameAr: string | null;
  /** 'home' or 'stop_desk'; null for a database without delivery types. */
  deliveryType: string | null;
  /** The courier's stop-desk the shopper chose, as named when ordering; null: none. */
  stopDeskName: string | null;
  address: string | null;
  itemsTotal: number;
  deliveryPrice: number;
  total: number;
  /** `offerLabel`: the quantity offer a line was sold under, as the shopper saw it (null: none). */
  lines: { title: string; offerLabel: string | null; quantity: number; unitPrice: number; lineTotal: number }[];
}

/** A line's title as the merchant's papers print it: "title — variant" for a variant (its label as sold), else the title. */
export function lineTitle(title: string, variantLabel: string | null | undefined): string {
  const label = variantLabel?.trim();
  return label ? `${title.trim()} — ${label}` : title;
}

/** "title × 2 (offer); other × 1": the lines of an order on one cell, each with its offer. */
export function summariseItems(lines: readonly Pick<PrintableOrder["lines"][number], "title" | "quantity" | "offerLabel">[]): string {
  return lines
    .map((line) => {
      const offer = line.offerLabel?.trim();
      return `${line.title.trim()} × ${line.quantity}${offer ? ` (${offer})` : ""}`;
    })
    .join("; ");
}

/** How many pieces an order holds (sum of quantities). */
export function itemsCount(lines: readonly { quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** `orders-2026-11-22.csv`: the UTC date of the export. */
export function ordersCsvFilename(now: Date): string {
  return `orders-${now.toISOString().slice(0, 10)}.csv`;
}

/** The date of an order as Algerians read it (Africa/Algiers), in the given locale (ar-DZ, fr-DZ, en-GB). */
export function localOrderDate(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(locale, {
    timeZone: "Africa/Algiers",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    numberingSystem: "latn",
  })
    .format(date)
    .replace(/[\u200e\u200f]/g, "");
}

export interface OrdersCsvLabels {
  header: {
    orderNumber: string;
    date: string;
    localDate: string;
    status: string;
    source: string;
    customer: string;
    phone: string;
    wilaya: string;
    commune: string;
    deliveryType: string;
    stopDesk: string;
    items: string;
    itemsTotal: string;
    delivery: string;
    total: string;
  };
  status: Record<string, string>;
  source: Record<string, string>;
  deliveryType: Record<string, string>;
  /** Intl locale of the local date column. */
  locale: string;
  /** Arabic names of wilayas and communes (the Arabic export), else the Latin ones. */
  arabicNames: boolean;
}

export function ordersCsvHeader(labels: OrdersCsvLabels): string[] {
  const h = labels.header;
  return [
    h.orderNumber,
    h.date,
    h.localDate,
    h.status,
    h.source,
    h.customer,
    h.phone,
    h.wilaya,
    h.commune,
    h.deliveryType,
    h.stopDesk,
    h.items,
    h.itemsTotal,
    h.delivery,
    h.total,
  ];
}

/** One order's CSV cells, in the header's order. */
export function orderCsvRow(order: PrintableOrder, labels: OrdersCsvLabels): CsvValue[] {
  const wilayaName = labels.arabicNames ? order.wilayaNameAr : order.wilayaName;
  const communeName = labels.arabicNames ? order.communeNameAr : order.communeName;
  return [
    order.orderNumber,
    order.createdAt,
    localOrderDate(order.createdAt, labels.locale),
    labels.status[order.status] ?? order.status,
    labels.source[order.source] ?? order.source,
    personName(order.firstName, order.lastName),
    order.phone,
    `${order.wilayaCode} - ${wilayaName}`,
    communeName ?? "",
    order.deliveryType ? (labels.deliveryType[order.deliveryType] ?? order.deliveryType) : "",
    order.stopDeskName ?? "",
    summariseItems(order.lines),
    order.itemsTotal,
    order.deliveryPrice,
    order.total,
  ];
}

/** The whole export: BOM, header, one row per order in the given order (app/lib/csv.ts guards formulas). */
export function ordersCsv(orders: readonly PrintableOrder[], labels: OrdersCsvLabels): string {
  return buildCsv(
    ordersCsvHeader(labels),
    orders.map((order) => orderCsvRow(order, labels)),
  );
}

/**
 * The order id of a slip address: the numeric id (42) or the order number (SQ-000042, any case);
 * null for anything else.
 */
export function orderIdFromParam(param: string | undefined): number | null {
  if (!param) return null;
  const match = /^(?:SQ-)?(\d{1,12})$/i.exec(param.trim());
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
