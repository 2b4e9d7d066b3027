import { describe, expect, it } from "vitest";
import { normalizeSlug, slugAsTyped } from "./slug";

describe("slugs", () => {
  it("lowercase and hyphenate whitespace runs as typed", () => {
    expect(slugAsTyped("Electric  Kettle ")).toBe("electric-kettle-");
  });
  it("are stored trimmed, without hyphens at the ends", () => {
    expect(normalizeSlug("  Electric Kettle 2L ")).toBe("electric-kettle-2l");
    expect(normalizeSlug("-toys-")).toBe("toys");
    expect(normalizeSlug("   ")).toBe("");
  });
});
