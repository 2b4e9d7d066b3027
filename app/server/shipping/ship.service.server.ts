import type { Kysely } from "kysely";
import type { TFunction } from "i18next";
import type { CourierFamily } from "~/lib/couriers";
import {
  adapterFor,
  courierAccountAccess,
  courierDestination,
  courierWilayaName,
  COURIER_WEBHOOKS,
  defaultAdapterDeps,
  listCourierAccounts,
  MINUTE,
  type CourierAdapterDeps,
  type CourierFailure,
  type CourierResult,
  type CreatedParcel,
  type ParcelRequest,
} from "../couriers/index.server";
import type { Database } from "../db/database.server";
import { logger } from "../logger.server";
import { changeOrderStatus, ordersToShip, type OrderActor, type OrderToShip } from "../orders/index.server";
import { isUniqueViolation } from "../platform/index.server";
import { deleteParcel, insertParcelClaim, reclaimUnknownParcel, selectLiveParcel, updateParcel, type ParcelRow } from "./parcels.repo.server";

/*
 * Shipping orders with a courier (docs/decisions/0030-parcels.md). Each order is first claimed
 * by its parcel row in state `creating`: the partial unique index parcels_one_live_per_order lets
 * one claim in, so a retry, a double click or two admins at once never make a second parcel.
 * The claimed orders go to the courier in one request (its bulk create), the order number as the
 * external reference; what comes back decides each row: created (tracking, label, then the hand
 * over where the family has one, and the order moves to shipped), refused (the row leaves the
 * live set with the courier's words; the order stays confirmed), or no answer (`unknown`: the
 * courier may have it, so creating again waits for the merchant's yes).
 */

/** Orders shipped in one call, at most (one bulk request's worth, one page of the list). */
export const MAX_SHIP_ORDERS = 100;
/** A family without webhooks is first asked about a new parcel this long after its creation. */
export const FIRST_POLL_DELAY_MS = 30 * MINUTE;
/** A `creating` claim this old was never finished (the process stopped): it counts as `unknown`. */
export const STALE_CLAIM_MS = 10 * MINUTE;
/** The courier's words kept on a parcel, at most, in characters. */
const MAX_ERROR_LENGTH = 500;
/** The product list sent to the courier, at most, in characters (couriers cap it, and print it on the label). */
const MAX_PRODUCT_SUMMARY = 250;

export type ShipOutcomeKind = "shipped" | "already" | "not_confirmed" | "refused" | "unknown" | "unavailable" | "unmapped" | "no_origin";

/** What became of one order. `message`: the courier's own words (a refusal, a failed hand-over). */
export interface ShipOutcome {
  orderId: number;
  orderNumber: string;
  outcome: ShipOutcomeKind;
  message?: string;
  tracking?: string;
}

export interface ShipOrdersInput {
  orderIds: number[];
  accountId: number;
  actor: OrderActor;
  /** The merchant answered "create again" for orders whose last attempt got no answer. */
  recreateUnknown?: boolean;
}

/** True when a `creating` claim is too old to be in flight. */
export function isStaleClaim(row: Pick<ParcelRow, "state" | "updated_at">, now: number = Date.now()): boolean {
  return row.state === "creating" && Date.parse(row.updated_at) < now - STALE_CLAIM_MS;
}

function bounded(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** "2 × Red car (Blue / XL), 1 × Backpack", bounded. */
export function productSummary(lines: OrderToShip["lines"]): string {
  return bounded(
    lines.map((line) => `${line.quantity} × ${line.title}${line.variantLabel ? ` (${line.variantLabel})` : ""}`).join(", "),
    MAX_PRODUCT_SUMMARY,
  );
}

/** The live parcel an order already has, as an outcome: `unknown` when its creation got no answer. */
function existingOutcome(order: OrderToShip, live: ParcelRow | undefined): ShipOutcome {
  const base = { orderId: order.id, orderNumber: order.orderNumber };
  if (live && (live.state === "unknown" || isStaleClaim(live))) return { ...base, outcome: "unknown" };
  return { ...base, outcome: "already", ...(live?.tracking ? { tracking: live.tracking } : {}) };
}

/**
 * Ships these orders with one courier account: one outcome per order found, in the order asked
 * (an id that is no order is left out). Only confirmed orders; at most MAX_SHIP_ORDERS.
 */
export async function shipOrders(
  db: Kysely<Database>,
  input: ShipOrdersInput,
  deps: CourierAdapterDeps = defaultAdapterDeps(),
): Promise<ShipOutcome[]> {
  const ids = [...new Set(input.orderIds.filter((id) => Number.isSafeInteger(id) && id > 0))].slice(0, MAX_SHIP_ORDERS);
  const found = new Map((await ordersToShip(db, ids)).map((order) => [order.id, order]));
  const orders = ids.map((id) => found.get(id)).filter((order): order is OrderToShip => order !== undefined);
  const outcomes = new Map<number, ShipOutcome>();
  const set = (order: OrderToShip, outcome: Omit<ShipOutcome, "orderId" | "orderNumber">) =>
    outcomes.set(order.id, { orderId: order.id, orderNumber: order.orderNumber, ...outcome });
  const result = () => orders.map((order) => outcomes.get(order.id)!);

  const account = (await listCourierAccounts(db)).find((candidate) => candidate.id === input.accountId);
  const opened = account ? await courierAccountAccess(db, account.id) : undefined;
  const adapter = opened?.ok ? adapterFor(opened.access, deps) : null;

  // Orders that cannot go: not confirmed (or already shipped), or not in this courier's places.
  const ready: { order: OrderToShip; request: ParcelRequest }[] = [];
  for (const order of orders) {
    if (order.status !== "confirmed") {
      const live = await selectLiveParcel(db, order.id);
      set(order, live ? existingOutcome(order, live) : { outcome: "not_confirmed" });
      continue;
    }
    if (!account || !adapter) {
      set(order, { outcome: "unavailable" });
      continue;
    }
    const destination = order.communeCode
      ? await courierDestination(db, account.id, {
          communeCode: order.communeCode,
          stopDesk: order.deliveryType === "stop_desk" ? order.stopDesk : null,
        })
      : ({ ok: false, error: "commune_unmapped" } as const);
    if (!destination.ok) {
      set(order, { outcome: "unmapped" });
      continue;
    }
    const place = destination.destination;
    ready.push({
      order,
      request: {
        reference: order.orderNumber,
        firstName: order.firstName,
        lastName: order.lastName,
        phone: order.phone,
        address: order.address ?? place.communeName,
        wilayaCode: place.wilayaCode,
        wilayaName: place.wilayaName,
        communeName: place.communeName,
        wilayaPlaceId: place.wilayaPlaceId,
        communePlaceId: place.communePlaceId,
        deliveryType: order.deliveryType,
        stopDeskId: place.stopDeskId,
        productSummary: productSummary(order.lines),
        amountToCollect: order.total,
        deliveryFee: order.deliveryPrice,
      },
    });
  }
  if (ready.length === 0 || !account || !adapter) return result();

  const originName = account.originWilayaCode ? await courierWilayaName(db, account.id, account.originWilayaCode) : null;

  // The claims: one live parcel per order, whoever asks at the same time.
  const claimed: { order: OrderToShip; request: ParcelRequest; parcelId: number }[] = [];
  for (const { order, request } of ready) {
    const at = new Date().toISOString();
    const claim = {
      account_id: account.id,
      family: account.family,
      courier_label: account.label,
      created_by: input.actor.email,
      updated_at: at,
      state_changed_at: at,
    };
    let parcelId: number | undefined;
    try {
      parcelId = await insertParcelClaim(db, { ...claim, order_id: order.id, reference: order.orderNumber, state: "creating", created_at: at });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (input.recreateUnknown) parcelId = await reclaimUnknownParcel(db, order.id, claim, new Date(Date.now() - STALE_CLAIM_MS).toISOString());
      if (parcelId === undefined) {
        set(order, existingOutcome(order, await selectLiveParcel(db, order.id)));
        continue;
      }
    }
    claimed.push({ order, parcelId, request: originName ? { ...request, originWilayaName: originName } : request });
  }
  if (claimed.length === 0) return result();

  let answers: Map<string, CourierResult<CreatedParcel>>;
  try {
    answers = await adapter.createParcels(claimed.map(({ request }) => request));
  } catch (error) {
    // An adapter fault: whether the courier got the request is unknown.
    logger.error({ err: error, courierAccount: account.id, family: account.family }, "courier parcel creation failed");
    answers = new Map();
  }

  for (const { order, parcelId } of claimed) {
    const answer = answers.get(order.orderNumber) ?? { ok: false, failure: { kind: "unavailable", message: "no answer" } };
    const outcome = answer.ok
      ? await created(db, {
          order,
          parcelId,
          family: account.family,
          parcel: answer.value,
          actor: input.actor,
          handOver: (tracking) => adapter.handOver(tracking),
        })
      : await failed(db, parcelId, answer.failure);
    set(order, outcome);
    logger.info(
      {
        orderId: order.id,
        parcelId,
        courierAccount: account.id,
        family: account.family,
        outcome: outcome.outcome,
        ...(answer.ok ? {} : { failure: answer.failure.kind }),
      },
      "order shipping attempted",
    );
  }
  return result();
}

/** A parcel the courier created: stored, handed over where the family needs it, and the order moved to shipped. */
async function created(
  db: Kysely<Database>,
  args: {
    order: OrderToShip;
    parcelId: number;
    family: CourierFamily;
    parcel: CreatedParcel;
    actor: OrderActor;
    handOver: (tracking: string) => Promise<CourierResult<true>>;
  },
): Promise<Omit<ShipOutcome, "orderId" | "orderNumber">> {
  const { order, parcelId, family, parcel, actor } = args;
  const at = new Date();
  const pollAt = COURIER_WEBHOOKS[family] ? null : new Date(at.getTime() + FIRST_POLL_DELAY_MS).toISOString();
  await updateParcel(db, parcelId, {
    tracking: parcel.tracking,
    label_url: parcel.labelUrl,
    state: parcel.needsHandover ? "draft" : "ready",
    needs_handover: parcel.needsHandover,
    error: null,
    state_changed_at: at.toISOString(),
    next_poll_at: pollAt,
    updated_at: at.toISOString(),
  });
  let handOverError: string | undefined;
  if (parcel.needsHandover) {
    // Ecotrack and Noest: a parcel not validated stays a draft the courier never picks up.
    const handed = await args.handOver(parcel.tracking);
    if (handed.ok) {
      const now = new Date().toISOString();
      await updateParcel(db, parcelId, { state: "ready", needs_handover: false, state_changed_at: now, updated_at: now });
    } else {
      handOverError = failureWords(handed.failure);
      await updateParcel(db, parcelId, { error: handOverError, updated_at: new Date().toISOString() });
    }
  }
  const moved = await changeOrderStatus(db, order.id, "shipped", actor);
  if (!moved.ok) logger.warn({ orderId: order.id, parcelId, code: moved.code }, "parcel created but the order did not move to shipped");
  return { outcome: "shipped", tracking: parcel.tracking, ...(handOverError ? { message: handOverError } : {}) };
}

/** The courier's words of a failure, bounded (never the whole answer). */
function failureWords(failure: CourierFailure): string {
  return bounded(failure.kind === "rate_limited" ? "rate limited" : failure.message, MAX_ERROR_LENGTH);
}

/** A parcel the courier did not create: nothing half-created is left live. */
async function failed(db: Kysely<Database>, parcelId: number, failure: CourierFailure): Promise<Omit<ShipOutcome, "orderId" | "orderNumber">> {
  const at = new Date().toISOString();
  switch (failure.kind) {
    case "refused":
    case "unauthorized":
      // The adapter refuses before sending when the account names no origin wilaya.
      if (failure.kind === "refused" && (failure.field === "fromWilayaName" || failure.field === "originWilayaName")) {
        await deleteParcel(db, parcelId);
        return { outcome: "no_origin" };
      }
      await updateParcel(db, parcelId, { state: "cancelled", error: failureWords(failure), state_changed_at: at, updated_at: at });
      return { outcome: "refused", message: failureWords(failure) };
    case "rate_limited":
      // Refused before it was read: nothing exists at the courier.
      await deleteParcel(db, parcelId);
      return { outcome: "unavailable" };
    case "unavailable":
      await updateParcel(db, parcelId, { state: "unknown", error: failureWords(failure), state_changed_at: at, updated_at: at });
      return { outcome: "unknown" };
  }
}

/** The merchant's sentence for an outcome (adminShipping.outcomes.*), the courier's words quoted where it gave some. */
export function shipOutcomeMessage(t: TFunction, outcome: ShipOutcome, courierLabel: string): string {
  const values = { number: outcome.orderNumber, courier: courierLabel, tracking: outcome.tracking ?? "", words: outcome.message ?? "" };
  if (outcome.outcome === "shipped" && outcome.message) return t("adminShipping.outcomes.shippedHandOverFailed", values);
  return t(`adminShipping.outcomes.${outcome.outcome}`, values);
}
