import { CourierLimiter, type ParcelRequest } from "~/server/couriers/index.server";

/** A parcel as the shop would send it, for the contract tests. */
export function parcelRequest(reference: string, overrides: Partial<ParcelRequest> = {}): ParcelRequest {
  return {
    reference,
    firstName: "Amine",
    lastName: "Benali",
    phone: "0550123456",
    address: "12 rue des Frères Bouadou",
    wilayaCode: 16,
    wilayaName: "Alger",
    communeName: "Bab Ezzouar",
    wilayaPlaceId: null,
    communePlaceId: null,
    deliveryType: "home",
    stopDeskId: null,
    productSummary: "2 × Red car",
    amountToCollect: 4600,
    deliveryFee: 600,
    ...overrides,
  };
}

/** A limiter that never waits and records what the adapter asked of it (the shared limiter's own tests live beside it). */
export function recordingLimiter(): CourierLimiter & { takes: string[]; backOffs: { key: string; ms: number }[] } {
  return new RecordingLimiter();
}

/** A limiter that never waits and records what the adapter asked of it. */
class RecordingLimiter extends CourierLimiter {
  readonly takes: string[] = [];
  readonly backOffs: { key: string; ms: number }[] = [];
  override async take(key: string): Promise<void> {
    this.takes.push(key);
  }
  override backOff(key: string, retryAfterMs?: number | null): number {
    const ms = retryAfterMs ?? 0;
    this.backOffs.push({ key, ms });
    return ms;
  }
}
