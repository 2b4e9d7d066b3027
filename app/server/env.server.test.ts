import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";

describe("parseEnv", () => {
  it("has working defaults for a bare `npm start`", () => {
    expect(parseEnv({})).toMatchObject({
      PORT: 3000,
      DATABASE_URL: "file:data/shop.db",
      SHOP_NAME: "Souq",
      SEED_DEMO_CATALOGUE: true,
    });
    expect(parseEnv({}).PUBLIC_URL).toBeUndefined();
  });

  it("treats empty optional values as unset and reads the others", () => {
    const env = parseEnv({ PUBLIC_URL: "", PORT: "8080", DATABASE_URL: "postgres://u:p@db:5432/shop", SEED_DEMO_CATALOGUE: "false" });
    expect(env.PUBLIC_URL).toBeUndefined();
    expect(env).toMatchObject({ PORT: 8080, DATABASE_URL: "postgres://u:p@db:5432/shop", SEED_DEMO_CATALOGUE: false });
  });

  it("stops with a message naming each bad variable", () => {
    expect(() => parseEnv({ PORT: "eighty", DATABASE_URL: "mysql://x", PUBLIC_URL: "javascript:alert(1)" })).toThrow(
      /PORT[\s\S]*DATABASE_URL: must be file:PATH[\s\S]*PUBLIC_URL/,
    );
  });
});
