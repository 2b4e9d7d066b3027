import { describe, expect, it } from "vitest";
import { cachedReference, invalidateReferenceData, REFERENCE_TTL_MS } from "./reference-cache.server";

describe("reference cache", () => {
  it("loads once per database while fresh, again once the lifetime ran out", async () => {
    const db = {};
    let now = 1_000;
    let loads = 0;
    const read = () =>
      cachedReference(
        db,
        "k",
        async () => ++loads,
        () => now,
      );
    expect(await Promise.all([read(), read()])).toEqual([1, 1]);
    now += REFERENCE_TTL_MS - 1;
    expect(await read()).toBe(1);
    now += 1;
    expect(await read()).toBe(2);
    // Another database has its own entries.
    expect(
      await cachedReference(
        {},
        "k",
        async () => "other",
        () => now,
      ),
    ).toBe("other");
  });

  it("forgets everything on invalidation, even a load in flight", async () => {
    const db = {};
    let loads = 0;
    let release!: () => void;
    const slow = cachedReference(db, "k", () => new Promise<number>((resolve) => (release = () => resolve(++loads))));
    invalidateReferenceData();
    release();
    expect(await slow).toBe(1);
    expect(await cachedReference(db, "k", async () => ++loads)).toBe(2);
    expect(await cachedReference(db, "k", async () => ++loads)).toBe(2);
  });

  it("does not keep a failed load", async () => {
    const db = {};
    await expect(cachedReference(db, "k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cachedReference(db, "k", async () => "up")).toBe("up");
  });
});
