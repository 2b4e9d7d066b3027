import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";

describe("META_PIXEL_ID", () => {
  it("is unset by default and when empty", () => {
    expect(parseEnv({}).META_PIXEL_ID).toBeUndefined();
    expect(parseEnv({ META_PIXEL_ID: "  " }).META_PIXEL_ID).toBeUndefined();
  });

  it("reads a numeric id and refuses anything else", () => {
    expect(parseEnv({ META_PIXEL_ID: " 123456789012345 " }).META_PIXEL_ID).toBe("123456789012345");
    expect(() => parseEnv({ META_PIXEL_ID: "<script>" })).toThrow(/META_PIXEL_ID/);
  });
});
