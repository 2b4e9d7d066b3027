import { normalizeSearchText } from "./search-text";

/** How an order reaches the shopper: to the door, or to the wilaya's stop-desk (pick-up point). */
export const DELIVERY_TYPES = ["home", "stop_desk"] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

export function isDeliveryType(value: unknown): value is DeliveryType {
  return typeof value === "string" && (DELIVERY_TYPES as readonly string[]).includes(value);
}

/** Below this home fee, a wilaya gets no default stop-desk (docs/decisions/0010). */
export const STOP_DESK_MIN_HOME_PRICE = 400;
/** How much cheaper the default stop-desk is than the door (docs/decisions/0010). */
export const STOP_DESK_DEFAULT_DISCOUNT = 200;

/**
 * The default stop-desk fee of a wilaya from its home fee: 200 DA less (never below 0)
 * where the home fee is at least 400 DA, none otherwise. The merchant edits them in /admin/delivery.
 */
export function defaultStopDeskPrice(homePrice: number): number | null {
  if (homePrice < STOP_DESK_MIN_HOME_PRICE) return null;
  return Math.max(0, homePrice - STOP_DESK_DEFAULT_DISCOUNT);
}

/** The fee of a delivery type in a wilaya; null when that wilaya offers no stop-desk. */
export function deliveryPriceFor(wilaya: { homePrice: number; stopDeskPrice: number | null }, type: DeliveryType): number | null {
  return type === "stop_desk" ? wilaya.stopDeskPrice : wilaya.homePrice;
}

/** One commune as GET /api/delivery/:wilayaCode/communes lists it. */
export interface CommuneChoice {
  /** ONS code, four digits ('0101'). */
  code: string;
  /** Latin (French) name. */
  name: string;
  nameAr: string;
}

/** The communes whose Arabic or French name (or code) contains every word typed, tolerant of accents and letter variants. */
export function filterCommunes<C extends CommuneChoice>(communes: readonly C[], query: string): C[] {
  const folded = normalizeSearchText(query);
  if (folded === "") return [...communes];
  const words = folded.split(" ");
  return communes.filter((c) => {
    const key = normalizeSearchText(`${c.code} ${c.nameAr} ${c.name}`);
    return words.every((word) => key.includes(word));
  });
}

/** The display name of a commune: Arabic in Arabic, the Latin name otherwise. */
export function communeLabel(commune: CommuneChoice, language: string): string {
  return language === "ar" ? commune.nameAr : commune.name;
}

/** The highest fee the admin may type (DA): a guard against a slipped finger. */
export const MAX_DELIVERY_PRICE = 100_000;

/** The delivery times the admin may type: "1-2 days" (the form parseDeliveryDays reads), smallest first. */
export const DELIVERY_TIME_PATTERN = /^\s*(\d{1,2})\s*-\s*(\d{1,2})\s*days?\s*$/i;
