import type { CourierFamily, ParcelState } from "~/lib/couriers";
import type { CourierLimiter } from "./limiter.server";

/**
 * The one interface every courier family's adapter implements (docs/decisions/0029-courier-adapters.md).
 * An adapter speaks its courier's real HTTP API through the `fetch` it is given (tests give it a
 * local fake server's address, never a stub of the adapter), honours its courier's rate limits
 * through the shared limiter, and maps the courier's words onto the shop's (ParcelState).
 */

/** What the shop sends for one order. Amounts in whole dinars; places already mapped to the courier's. */
export interface ParcelRequest {
  /** The order number: the courier's external reference, so a retry finds the parcel instead of making a second. */
  reference: string;
  firstName: string;
  lastName: string;
  /** Algerian mobile, digits only ("0550123456"). */
  phone: string;
  address: string;
  /** 1–58 (a 2026 wilaya's parent). */
  wilayaCode: number;
  /** The courier's own name or id for the wilaya and commune (the places mapping). */
  wilayaName: string;
  communeName: string;
  /** The courier's place ids where it uses ids (ZR's UUIDs), else null. */
  wilayaPlaceId: string | null;
  communePlaceId: string | null;
  deliveryType: "home" | "stop_desk";
  /** The courier's stop-desk id/code when stop-desk. */
  stopDeskId: string | null;
  /** "2 × Red car, 1 × Backpack", bounded. */
  productSummary: string;
  /** What the courier collects from the customer, delivery included. */
  amountToCollect: number;
  /** The delivery fee included in amountToCollect (some couriers want the goods' price apart). */
  deliveryFee: number;
  /**
   * The courier's name of the wilaya the parcel leaves from (the account's origin wilaya), for
   * the couriers that name it on every parcel; absent: the adapter's own default.
   */
  originWilayaName?: string;
}

export type CourierFailure =
  /** The courier refused the parcel: its own words, shown to the merchant as they are. */
  | { kind: "refused"; message: string; field?: string }
  /** Credentials refused (401/403). */
  | { kind: "unauthorized"; message: string }
  /** Too many requests: try again after `retryAfterMs`. */
  | { kind: "rate_limited"; retryAfterMs: number }
  /** Network error, timeout or 5xx: nothing is known to have happened; safe to retry with the same reference. */
  | { kind: "unavailable"; message: string };

export type CourierResult<T> = { ok: true; value: T } | { ok: false; failure: CourierFailure };

export interface CreatedParcel {
  reference: string;
  tracking: string;
  /** A label URL the courier gave at creation, if any (never shown to shoppers). */
  labelUrl: string | null;
  /** True when the parcel must still be handed over (validate) before the courier sees it. */
  needsHandover: boolean;
}

export interface ParcelEvent {
  tracking: string;
  state: ParcelState;
  /** The courier's own status word, kept for the history. */
  courierStatus: string;
  /** A failed attempt's or a postponement's reason, in the courier's words. */
  reason: string | null;
  /** ISO-8601 UTC. */
  occurredAt: string;
  /** The courier's event id where it has one (webhooks): an event is applied once. */
  eventId: string | null;
  /** Cash the courier reports collected or paid out, whole dinars. */
  cashCollected: number | null;
}

export interface CourierPlace {
  /** 1–58. */
  wilayaCode: number;
  /** The courier's name (or id) of the wilaya and the commune. */
  wilayaName: string;
  communeName: string;
  /** The courier's id of the commune, where it uses ids (ZR's UUIDs), else null. */
  placeId: string | null;
  /** The courier's id of the wilaya, where it uses ids; absent or null otherwise. */
  wilayaPlaceId?: string | null;
  hasStopDesk: boolean;
}

export interface CourierStopDesk {
  /** The courier's id/code of the stop-desk (Yalidine's center_id, Ecotrack's code_postal…). */
  id: string;
  name: string;
  wilayaCode: number;
  communeName: string;
  address: string | null;
}

export type Label = { kind: "url"; url: string } | { kind: "pdf"; bytes: Uint8Array };

/** The account an adapter works for: its host (Ecotrack's differ per courier) and decrypted credentials. */
export interface CourierAccountAccess {
  family: CourierFamily;
  /** Base URL of the courier's API ("https://api.yalidine.app/v1"). */
  baseUrl: string;
  credentials: Record<string, string>;
}

export interface CourierAdapter {
  readonly family: CourierFamily;
  /** A cheap authenticated request: are these credentials good? */
  testConnection(): Promise<CourierResult<true>>;
  /** Creates parcels (the family's bulk request where it has one); one result per request, by reference. */
  createParcels(parcels: readonly ParcelRequest[]): Promise<Map<string, CourierResult<CreatedParcel>>>;
  /** Hands a created parcel over (Ecotrack's and Noest's validate); a no-op success where the family has none. */
  handOver(tracking: string): Promise<CourierResult<true>>;
  label(tracking: string): Promise<CourierResult<Label>>;
  /** The latest events of these parcels (the family's batch request where it has one). */
  statuses(trackings: readonly string[]): Promise<CourierResult<ParcelEvent[]>>;
  cancel(tracking: string): Promise<CourierResult<true>>;
  places(): Promise<CourierResult<CourierPlace[]>>;
  stopDesks(): Promise<CourierResult<CourierStopDesk[]>>;
}

/** Webhooks, for the families that send them: the signature checked on the raw body before anything is read. */
export interface CourierWebhooks {
  /** True when `rawBody` carries a valid signature for `secret` (constant-time comparison). */
  verify(rawBody: Uint8Array, headers: Headers, secret: string): boolean;
  /** The events of a verified body, in the order they happened. */
  parse(rawBody: Uint8Array): ParcelEvent[];
  /** The JSON answer to a subscription handshake (Yalidine's `{ crc_token }`), or null when `query` is not one. */
  handshake?(query: URLSearchParams): Record<string, string> | null;
}

/** What every adapter is given: the `fetch` it talks through (a fake server's in tests), the process's one shared limiter, a clock. */
export interface CourierAdapterDeps {
  fetch: typeof fetch;
  limiter: CourierLimiter;
  now?: () => number;
}

/** Builds a family's adapter for one account. */
export type CourierAdapterFactory = (access: CourierAccountAccess, deps: CourierAdapterDeps) => CourierAdapter;
