import * as z from "zod";
import { ORDER_SOURCES, type OrderSource } from "./order-request";

/**
 * The admin's view of the orders list: which orders to show (status, wilaya, source, date
 * range, free-text search, only those whose parcel needs attention). Shared by the list page, the CSV export and the slips; read from
 * the URL's search parameters so a filtered list is a plain link and a GET form.
 */

export const ORDER_STATUSES = ["new", "confirmed", "shipped", "delivered", "cancelled", "returned"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export interface OrderFilter {
  status?: OrderStatus;
  /** Wilaya code, '01' … '69'. */
  wilayaCode?: string;
  source?: OrderSource;
  /** First day included, YYYY-MM-DD (an Algiers day, see orderFilterTimeRange). */
  from?: string;
  /** Last day included, YYYY-MM-DD (an Algiers day). */
  to?: string;
  /** Phone (any spelling; digits are matched), name or order number. */
  q?: string;
  /** Only orders whose live parcel needs the merchant (app/lib/parcel-attention.ts); `attention=1` in the URL. */
  attention?: true;
}

export const MAX_ORDER_SEARCH_LENGTH = 60;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isRealDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const fields = {
  status: z.enum(ORDER_STATUSES),
  wilayaCode: z.string().regex(/^\d{2}$/),
  source: z.enum(ORDER_SOURCES),
  from: z.string().refine(isRealDay),
  to: z.string().refine(isRealDay),
  q: z
    .string()
    .transform((value) => value.trim().replace(/\s+/g, " ").slice(0, MAX_ORDER_SEARCH_LENGTH))
    .refine((value) => value !== ""),
  attention: z.literal("1").transform((): true => true),
} satisfies Record<keyof OrderFilter, z.ZodType>;

/** URL parameter names, in the order they are written. */
const PARAM_NAMES: Record<keyof OrderFilter, string> = {
  status: "status",
  wilayaCode: "wilaya",
  source: "source",
  from: "from",
  to: "to",
  q: "q",
  attention: "attention",
};

/** Reads a filter from search parameters; a missing, blank or invalid value is simply dropped. */
export function parseOrderFilter(searchParams: URLSearchParams): OrderFilter {
  const filter: OrderFilter = {};
  for (const key of Object.keys(PARAM_NAMES) as (keyof OrderFilter)[]) {
    const raw = searchParams.get(PARAM_NAMES[key]);
    if (raw === null || raw.trim() === "") continue;
    const parsed = fields[key].safeParse(raw.trim());
    if (parsed.success) (filter as Record<string, unknown>)[key] = parsed.data;
  }
  // A range given backwards is read the right way round.
  if (filter.from && filter.to && filter.from > filter.to) {
    [filter.from, filter.to] = [filter.to, filter.from];
  }
  return filter;
}

/** The search parameters of a filter (only the values set), for links and the export. */
export function orderFilterToSearchParams(filter: OrderFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(PARAM_NAMES) as (keyof OrderFilter)[]) {
    const value = filter[key];
    if (value === true) params.set(PARAM_NAMES[key], "1");
    else if (value !== undefined && value !== "") params.set(PARAM_NAMES[key], value);
  }
  return params;
}

/** The digits of a search text when it looks like a phone number (4 or more digits, nothing else). */
export function phoneDigitsOf(q: string): string | null {
  const compact = q.replace(/[\s.\-()+]/g, "");
  if (!/^\d{4,}$/.test(compact)) return null;
  // +213 6… / 00213 6… / 213 6… are the same as 06…
  const local = compact.replace(/^(?:00)?213(?=[5-7])/, "0");
  return local;
}

/** The shop's days are Algiers days (UTC+1 all year, no daylight saving). */
export const SHOP_TIME_ZONE = "Africa/Algiers";
const SHOP_UTC_OFFSET = "+01:00";

/**
 * The filter's date range as ISO instants comparable with created_at: from the start of
 * `from` (included) to the start of the day after `to` (excluded), Algiers time.
 */
export function orderFilterTimeRange(filter: Pick<OrderFilter, "from" | "to">): { since?: string; before?: string } {
  const range: { since?: string; before?: string } = {};
  if (filter.from) range.since = new Date(`${filter.from}T00:00:00.000${SHOP_UTC_OFFSET}`).toISOString();
  if (filter.to) {
    const start = new Date(`${filter.to}T00:00:00.000${SHOP_UTC_OFFSET}`);
    range.before = new Date(start.getTime() + 86_400_000).toISOString();
  }
  return range;
}
