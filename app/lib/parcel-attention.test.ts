import { describe, expect, it } from "vitest";
import { compactAge, parcelAttention, STUCK_AFTER_HOURS, stuckCutoffs, type AttentionParcel } from "./parcel-attention";

const now = new Date("2026-11-26T12:00:00.000Z");
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
const parcel = (overrides: Partial<AttentionParcel> = {}): AttentionParcel => ({
  state: "in_transit",
  failedAttempts: 0,
  needsHandover: false,
  stateChangedAt: hoursAgo(1),
  ...overrides,
});

describe("parcel attention", () => {
  it("flags failed attempts and postponements, even after the parcel moved on, until it is final", () => {
    expect(parcelAttention(parcel({ state: "attempt_failed" }), now)).toBe("failed_attempt");
    expect(parcelAttention(parcel({ state: "postponed" }), now)).toBe("failed_attempt");
    expect(parcelAttention(parcel({ state: "in_transit", failedAttempts: 1 }), now)).toBe("failed_attempt");
    expect(parcelAttention(parcel({ state: "delivered", failedAttempts: 2 }), now)).toBeNull();
    expect(parcelAttention(parcel({ state: "returned", failedAttempts: 2 }), now)).toBeNull();
  });

  it("flags a parcel waiting at a stop-desk, one of unknown fate, and one not handed over", () => {
    expect(parcelAttention(parcel({ state: "at_stop_desk" }), now)).toBe("at_stop_desk");
    expect(parcelAttention(parcel({ state: "unknown" }), now)).toBe("unknown");
    expect(parcelAttention(parcel({ state: "draft", needsHandover: true }), now)).toBe("handover");
    expect(parcelAttention(parcel({ state: "cancelled", needsHandover: true }), now)).toBeNull();
  });

  it("flags a parcel with no change for longer than the courier's usual time in its state", () => {
    expect(parcelAttention(parcel({ state: "in_transit", stateChangedAt: hoursAgo(5 * 24 - 1) }), now)).toBeNull();
    expect(parcelAttention(parcel({ state: "in_transit", stateChangedAt: hoursAgo(5 * 24 + 1) }), now)).toBe("stuck");
    expect(parcelAttention(parcel({ state: "ready", stateChangedAt: hoursAgo(6 * 24) }), now)).toBe("stuck");
    expect(parcelAttention(parcel({ state: "creating", stateChangedAt: hoursAgo(2) }), now)).toBe("stuck");
    expect(parcelAttention(parcel({ state: "creating", stateChangedAt: hoursAgo(0.5) }), now)).toBeNull();
    expect(parcelAttention(parcel({ state: "delivered", stateChangedAt: hoursAgo(100 * 24) }), now)).toBeNull();
  });

  it("gives the SQL filter one cutoff per state of the table", () => {
    const cutoffs = stuckCutoffs(now);
    expect(cutoffs.map((c) => c.state).sort()).toEqual(Object.keys(STUCK_AFTER_HOURS).sort());
    expect(cutoffs.find((c) => c.state === "in_transit")?.changedBefore).toBe(hoursAgo(5 * 24));
  });
});

describe("compact age", () => {
  it("counts whole minutes, then hours up to two days, then days", () => {
    expect(compactAge(hoursAgo(0), now)).toEqual({ unit: "minutes", count: 0 });
    expect(compactAge(hoursAgo(59 / 60), now)).toEqual({ unit: "minutes", count: 59 });
    expect(compactAge(hoursAgo(1), now)).toEqual({ unit: "hours", count: 1 });
    expect(compactAge(hoursAgo(47.9), now)).toEqual({ unit: "hours", count: 47 });
    expect(compactAge(hoursAgo(48), now)).toEqual({ unit: "days", count: 2 });
    expect(compactAge(hoursAgo(24 * 30 + 5), now)).toEqual({ unit: "days", count: 30 });
  });

  it("reads a future or unreadable time as no time at all", () => {
    expect(compactAge(hoursAgo(-3), now)).toEqual({ unit: "minutes", count: 0 });
    expect(compactAge("yesterday", now)).toEqual({ unit: "minutes", count: 0 });
  });
});
