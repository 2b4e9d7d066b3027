import { describe, expect, it } from "vitest";
import { MERCH_LIMITS, moveInList, nextDisplayOrder, normalizeProductIds, swapPartner } from "./merchandising";

describe("nextDisplayOrder", () => {
  it("gives 0 to the first section", () => {
    expect(nextDisplayOrder([])).toBe(0);
  });
  it("gives the highest order plus 1, whatever the gaps", () => {
    expect(nextDisplayOrder([0])).toBe(1);
    expect(nextDisplayOrder([3, 0, 7])).toBe(8);
  });
});

describe("swapPartner", () => {
  const sorted = [{ id: 5 }, { id: 2 }, { id: 9 }];
  it("is the neighbour before (up) or after (down)", () => {
    expect(swapPartner(sorted, 2, "up")).toEqual({ id: 5 });
    expect(swapPartner(sorted, 2, "down")).toEqual({ id: 9 });
  });
  it("is null past either end or for an unknown id", () => {
    expect(swapPartner(sorted, 5, "up")).toBeNull();
    expect(swapPartner(sorted, 9, "down")).toBeNull();
    expect(swapPartner(sorted, 42, "up")).toBeNull();
    expect(swapPartner([], 1, "down")).toBeNull();
  });
});

describe("normalizeProductIds", () => {
  it("trims, drops blanks, non-strings and repeats, keeping the first place", () => {
    expect(normalizeProductIds([" p2", "p1", "", "p2", 3, null, "p3 ", "p1"])).toEqual(["p2", "p1", "p3"]);
  });
  it("keeps at most MERCH_LIMITS.products", () => {
    const ids = Array.from({ length: MERCH_LIMITS.products + 5 }, (_, i) => `p${i}`);
    expect(normalizeProductIds(ids)).toHaveLength(MERCH_LIMITS.products);
  });
});

describe("moveInList", () => {
  it("moves an entry one place up or down", () => {
    expect(moveInList(["a", "b", "c"], 1, "up")).toEqual(["b", "a", "c"]);
    expect(moveInList(["a", "b", "c"], 1, "down")).toEqual(["a", "c", "b"]);
  });
  it("leaves the list unchanged at the ends and for a bad index, without mutating it", () => {
    const list = ["a", "b"] as const;
    expect(moveInList(list, 0, "up")).toEqual(["a", "b"]);
    expect(moveInList(list, 1, "down")).toEqual(["a", "b"]);
    expect(moveInList(list, 5, "up")).toEqual(["a", "b"]);
    expect(list).toEqual(["a", "b"]);
  });
});
