import { describe, expect, it } from "vitest";
import { interpolate } from "./text";

describe("interpolate", () => {
  it("fills known placeholders and keeps unknown ones", () => {
    expect(interpolate("{{shopName}} ({{ phone }}) {{other}}", { shopName: "سوق", phone: "0550" })).toBe("سوق (0550) {{other}}");
  });
  it("does not read inherited properties", () => {
    expect(interpolate("{{constructor}}", {})).toBe("{{constructor}}");
  });
});
