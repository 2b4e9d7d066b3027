import { describe, expect, it } from "vitest";
import { interpolate, personName } from "./text";

describe("interpolate", () => {
  it("fills known placeholders and keeps unknown ones", () => {
    expect(interpolate("{{shopName}} ({{ phone }}) {{other}}", { shopName: "سوق", phone: "0550" })).toBe("سوق (0550) {{other}}");
  });
  it("does not read inherited properties", () => {
    expect(interpolate("{{constructor}}", {})).toBe("{{constructor}}");
  });
});

describe("personName", () => {
  it("joins first and last name with one space, and shows a one-word name as given", () => {
    expect(personName("أمين", "بن علي")).toBe("أمين بن علي");
    expect(personName("أمين", "")).toBe("أمين");
    expect(personName(" Amine ", "  ")).toBe("Amine");
  });
});
