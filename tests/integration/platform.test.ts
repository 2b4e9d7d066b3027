import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  countAttempts,
  enqueueOutbox,
  isUniqueViolation,
  limitedTransaction,
  pruneRateLimits,
  uncountAttempts,
  windowStart,
  withRateLimits,
} from "~/server/platform/index.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// The platform's tables on the real engine (in-memory SQLite, or PostgreSQL with TEST_DATABASE_URL).

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.destroy();
});
beforeEach(async () => {
  await t.db.deleteFrom("outbox").execute();
  await t.db.deleteFrom("rate_limit_counters").execute();
});

const AT = "2026-11-22T10:00:00.000Z";
const start = windowStart(new Date(AT), 600);

async function counter(key: string) {
  const row = await t.db.selectFrom("rate_limit_counters").select("count").where("key", "=", key).executeTakeFirst();
  return row === undefined ? undefined : Number(row.count);
}

describe("rate limits", () => {
  it("keeps the work and its counters within the limits", async () => {
    const result = await limitedTransaction(t.db, async (trx) => {
      await withRateLimits(trx, [{ name: "ip", key: "test:ip", windowStart: start, limit: 1 }]);
      await enqueueOutbox(trx, [{ topic: "test.topic", payload: "{}" }], AT);
      return "stored";
    });
    expect(result).toEqual({ kind: "done", value: "stored" });
    expect(await counter("test:ip")).toBe(1);
    expect(await t.db.selectFrom("outbox").select(["topic", "attempts", "next_attempt_at"]).execute()).toEqual([
      { topic: "test.topic", attempts: 0, next_attempt_at: AT },
    ]);
  });

  it("rolls back the whole transaction, counters included, past a limit, and names the rule", async () => {
    const rules = [
      { name: "ip", key: "test:ip", windowStart: start, limit: 5 },
      { name: "phone", key: "test:phone", windowStart: start, limit: 0 },
    ];
    const result = await limitedTransaction(t.db, async (trx) => {
      await enqueueOutbox(trx, [{ topic: "test.topic", payload: "{}" }], AT);
      await withRateLimits(trx, rules);
      return "stored";
    });
    expect(result).toEqual({ kind: "rate_limited", rule: "phone" });
    expect(await counter("test:ip")).toBeUndefined();
    expect(await counter("test:phone")).toBeUndefined();
    expect(await t.db.selectFrom("outbox").select("id").execute()).toEqual([]);
  });

  it("counts several keys in one statement, takes an attempt back (never below zero) and prunes old windows", async () => {
    expect(await countAttempts(t.db, ["a", "b"], start)).toEqual(
      new Map([
        ["a", 1],
        ["b", 1],
      ]),
    );
    expect(await countAttempts(t.db, ["a", "b"], start)).toEqual(
      new Map([
        ["a", 2],
        ["b", 2],
      ]),
    );
    await uncountAttempts(t.db, ["a"], start);
    await uncountAttempts(t.db, ["a"], start);
    await uncountAttempts(t.db, ["a"], start);
    expect(await counter("a")).toBe(0);
    expect(await counter("b")).toBe(2);
    expect(await pruneRateLimits(t.db, new Date(Date.parse(start) + 1).toISOString())).toBe(2);
    expect(await counter("b")).toBeUndefined();
  });
});

describe("isUniqueViolation on the engine's own errors", () => {
  it("is true for a primary-key clash and false for a not-null failure", async () => {
    await countAttempts(t.db, ["taken"], start);
    const clash = await t.db
      .insertInto("rate_limit_counters")
      .values({ key: "taken", window_start: start, count: 1 })
      .execute()
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    const notNull = await t.db
      .insertInto("rate_limit_counters")
      .values({ key: null as unknown as string, window_start: start, count: 1 })
      .execute()
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(clash).toBeDefined();
    expect(notNull).toBeDefined();
    expect(isUniqueViolation(clash)).toBe(true);
    expect(isUniqueViolation(notNull)).toBe(false);
  });
});
