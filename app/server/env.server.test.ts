import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { requestedWorkers } from "../../scripts/lib/worker-processes.js";
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

  it("means production when NODE_ENV is unset, as server.js does (only `npm run dev` sets development)", () => {
    expect(parseEnv({}).NODE_ENV).toBe("production");
    expect(parseEnv({ NODE_ENV: "development" }).NODE_ENV).toBe("development");
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

describe("order settings", () => {
  it("default to generous per-IP and strict per-phone limits, no webhook, no pixel", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      ORDER_RATE_LIMIT_PER_IP: 200,
      ORDER_RATE_LIMIT_IP_WINDOW_SECONDS: 600,
      ORDER_RATE_LIMIT_PER_PHONE: 5,
      ORDER_RATE_LIMIT_PHONE_WINDOW_SECONDS: 3600,
      TRUST_PROXY: false,
    });
    expect(env.ORDER_WEBHOOK_URL).toBeUndefined();
    expect(env.META_PIXEL_ID).toBeUndefined();
  });

  it("refuses a zero limit and a webhook that is not http(s)", () => {
    expect(() => parseEnv({ ORDER_RATE_LIMIT_PER_PHONE: "0" })).toThrow(/ORDER_RATE_LIMIT_PER_PHONE/);
    expect(() => parseEnv({ ORDER_WEBHOOK_URL: "ftp://example.dz/hook" })).toThrow(/ORDER_WEBHOOK_URL/);
  });

  it("takes ORDER_API_TOKEN unset when empty, and refuses a short or spaced one", () => {
    expect(parseEnv({ ORDER_API_TOKEN: "" }).ORDER_API_TOKEN).toBeUndefined();
    expect(parseEnv({ ORDER_API_TOKEN: ` ${"a1".repeat(16)} ` }).ORDER_API_TOKEN).toBe("a1".repeat(16));
    // A short or spaced token is a mistake to stop at boot, not a weak key to accept.
    expect(() => parseEnv({ ORDER_API_TOKEN: "secret" })).toThrow(/ORDER_API_TOKEN/);
    expect(() => parseEnv({ ORDER_API_TOKEN: `${"a".repeat(20)} ${"b".repeat(20)}` })).toThrow(/ORDER_API_TOKEN/);
  });
});

describe("WEB_CONCURRENCY", () => {
  it("is one worker per CPU when unset or empty, and takes a count from 1 to 64", () => {
    expect(parseEnv({}).WEB_CONCURRENCY).toBe(availableParallelism());
    expect(parseEnv({ WEB_CONCURRENCY: " " }).WEB_CONCURRENCY).toBe(availableParallelism());
    expect(parseEnv({ WEB_CONCURRENCY: "3" }).WEB_CONCURRENCY).toBe(3);
    for (const bad of ["0", "1.5", "two", "65"]) expect(() => parseEnv({ WEB_CONCURRENCY: bad }), bad).toThrow(/WEB_CONCURRENCY/);
  });

  it("is read the same by the cluster's primary, which starts a single process for a value the app refuses (it then stops with the app's message)", () => {
    for (const raw of [undefined, "", " 2 ", "1", "4", "64"]) {
      expect(requestedWorkers(raw), String(raw)).toBe(parseEnv({ WEB_CONCURRENCY: raw }).WEB_CONCURRENCY);
    }
    for (const bad of ["0", "1.5", "two", "65"]) expect(requestedWorkers(bad), bad).toBe(1);
  });
});
