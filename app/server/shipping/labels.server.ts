import type { Kysely } from "kysely";
import { adapterFor, courierAccountAccess, defaultAdapterDeps, type CourierAdapterDeps, type Label } from "../couriers/index.server";
import type { Database } from "../db/database.server";
import { logger } from "../logger.server";
import { selectLiveParcel, selectLiveParcels, type ParcelRow } from "./parcels.repo.server";

/*
 * Labels (docs/decisions/0030-parcels.md): one order's label is the courier's own (its URL, or
 * the PDF its API answers); a selection's labels are merged on the server into one PDF, so the
 * merchant prints them all at once.
 */

/** Labels merged in one PDF, at most. */
export const MAX_LABELS = 100;
/** One label's PDF, at most, in bytes. */
const MAX_LABEL_BYTES = 5 * 1024 * 1024;
const LABEL_TIMEOUT_MS = 20_000;

export type OrderLabelResult = { ok: true; label: Label; orderNumber: string } | { ok: false; error: "no_parcel" | "unavailable" };

/** The label of a parcel that has a tracking number: the stored URL, else the courier's answer. */
async function parcelLabel(db: Kysely<Database>, parcel: ParcelRow, deps: CourierAdapterDeps): Promise<Label | null> {
  if (parcel.label_url) return { kind: "url", url: parcel.label_url };
  if (!parcel.tracking || parcel.account_id === null) return null;
  const opened = await courierAccountAccess(db, parcel.account_id);
  const adapter = opened.ok ? adapterFor(opened.access, deps) : null;
  if (!adapter) return null;
  const answer = await adapter.label(parcel.tracking);
  if (answer.ok) return answer.value;
  logger.info({ parcelId: parcel.id, family: parcel.family, failure: answer.failure.kind }, "courier label not available");
  return null;
}

function hasLabel(parcel: ParcelRow): boolean {
  return parcel.tracking !== null && parcel.state !== "creating" && parcel.state !== "unknown";
}

/** One order's label. */
export async function orderLabel(db: Kysely<Database>, orderId: number, deps: CourierAdapterDeps = defaultAdapterDeps()): Promise<OrderLabelResult> {
  const parcel = await selectLiveParcel(db, orderId);
  if (!parcel || !hasLabel(parcel)) return { ok: false, error: "no_parcel" };
  const label = await parcelLabel(db, parcel, deps);
  return label ? { ok: true, label, orderNumber: parcel.reference } : { ok: false, error: "unavailable" };
}

/** A label's PDF bytes: fetched through `fetch` when the courier gave a URL; null when it is not a PDF. */
async function labelBytes(label: Label, deps: CourierAdapterDeps): Promise<Uint8Array | null> {
  if (label.kind === "pdf") return label.bytes;
  const response = await deps.fetch(label.url, { signal: AbortSignal.timeout(LABEL_TIMEOUT_MS) }).catch(() => null);
  if (!response?.ok) return null;
  const length = Number(response.headers.get("content-length") ?? 0);
  if (length > MAX_LABEL_BYTES) return null;
  const bytes = new Uint8Array(await response.arrayBuffer());
  return bytes.length <= MAX_LABEL_BYTES ? bytes : null;
}

export type MergedLabelsResult =
  { ok: true; pdf: Uint8Array; pages: number; merged: string[]; missing: string[] } | { ok: false; error: "none"; missing: string[] };

/**
 * The labels of a selection's parcels in one PDF, in the order asked (at most MAX_LABELS
 * orders). `missing`: the order numbers whose label could not be had (no parcel yet, the courier
 * did not answer, not a PDF).
 */
export async function mergedLabels(
  db: Kysely<Database>,
  orderIds: readonly number[],
  deps: CourierAdapterDeps = defaultAdapterDeps(),
): Promise<MergedLabelsResult> {
  const ids = [...new Set(orderIds.filter((id) => Number.isSafeInteger(id) && id > 0))].slice(0, MAX_LABELS);
  const parcels = new Map((await selectLiveParcels(db, ids)).map((parcel) => [parcel.order_id, parcel]));
  // pdf-lib is loaded when a merged label is first asked for, not at every start.
  const { PDFDocument } = await import("pdf-lib");
  const out = await PDFDocument.create();
  const merged: string[] = [];
  const missing: string[] = [];
  for (const id of ids) {
    const parcel = parcels.get(id);
    if (!parcel) continue;
    if (!hasLabel(parcel)) {
      missing.push(parcel.reference);
      continue;
    }
    const label = await parcelLabel(db, parcel, deps);
    const bytes = label ? await labelBytes(label, deps) : null;
    try {
      if (!bytes) throw new Error("no label");
      const source = await PDFDocument.load(bytes, { ignoreEncryption: true });
      const pages = await out.copyPages(source, source.getPageIndices());
      if (pages.length === 0) throw new Error("no page");
      for (const page of pages) out.addPage(page);
      merged.push(parcel.reference);
    } catch {
      missing.push(parcel.reference);
    }
  }
  if (merged.length === 0) return { ok: false, error: "none", missing };
  return { ok: true, pdf: await out.save(), pages: out.getPageCount(), merged, missing };
}
