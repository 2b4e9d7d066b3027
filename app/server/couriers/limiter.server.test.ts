import { describe, expect, it } from "vitest";
import { CourierLimiter, MINUTE, RateLimitWaitTooLong, SECOND, type LimiterClock } from "./limiter.server";

/** A clock that moves only when the test says so. */
class ManualClock implements LimiterClock {
  time = 0;
  #timers: { at: number; resolve: () => void }[] = [];

  now() {
    return this.time;
  }

  sleep(ms: number, signal?: AbortSignal) {
    return new Promise<void>((resolve, reject) => {
      const timer = { at: this.time + ms, resolve };
      this.#timers.push(timer);
      signal?.addEventListener("abort", () => {
        this.#timers = this.#timers.filter((t) => t !== timer);
        reject(signal.reason);
      });
    });
  }

  /** Moves to `until`, waking each sleeper at its instant in turn. */
  async advanceTo(until: number) {
    for (;;) {
      await flush();
      const next = this.#timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      this.time = next.at;
      this.#timers = this.#timers.filter((t) => t !== next);
      next.resolve();
    }
    this.time = until;
    await flush();
  }
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Starts `count` takes at once and records when each one got its slot. */
function takeMany(limiter: CourierLimiter, clock: ManualClock, count: number, windows: { limit: number; perMs: number }[]) {
  const granted: number[] = [];
  const all = Array.from({ length: count }, () => limiter.take("account", windows).then(() => granted.push(clock.now())));
  return { granted, all: Promise.all(all) };
}

describe("CourierLimiter", () => {
  it("grants at most `limit` slots in any window of `perMs`", async () => {
    const clock = new ManualClock();
    const limiter = new CourierLimiter({ clock, maxWaitMs: MINUTE });
    const { granted, all } = takeMany(limiter, clock, 11, [{ limit: 5, perMs: SECOND }]);
    await clock.advanceTo(5 * SECOND);
    await all;
    expect(granted).toEqual([0, 0, 0, 0, 0, 1000, 1000, 1000, 1000, 1000, 2000]);
  });

  it("grants a worker process only its share of each window, at least one slot", async () => {
    const clock = new ManualClock();
    const limiter = new CourierLimiter({ clock, maxWaitMs: MINUTE, share: 1 / 2 });
    const { granted, all } = takeMany(limiter, clock, 5, [{ limit: 5, perMs: SECOND }]);
    await clock.advanceTo(5 * SECOND);
    await all;
    expect(granted).toEqual([0, 0, 1000, 1000, 2000]);
    const { granted: tight, all: tightAll } = takeMany(new CourierLimiter({ clock, maxWaitMs: MINUTE, share: 1 / 4 }), clock, 2, [
      { limit: 1, perMs: SECOND },
    ]);
    await clock.advanceTo(clock.now() + 2 * SECOND);
    await tightAll;
    expect(tight).toEqual([5000, 6000]);
  });

  it("honours several windows at once: the tightest decides", async () => {
    const clock = new ManualClock();
    const limiter = new CourierLimiter({ clock, maxWaitMs: 2 * MINUTE });
    const windows = [
      { limit: 5, perMs: SECOND },
      { limit: 7, perMs: MINUTE },
    ];
    const { granted, all } = takeMany(limiter, clock, 8, windows);
    await clock.advanceTo(2 * MINUTE);
    await all;
    expect(granted).toEqual([0, 0, 0, 0, 0, 1000, 1000, 60_000]);
  });

  it("keeps accounts apart", async () => {
    const clock = new ManualClock();
    const limiter = new CourierLimiter({ clock });
    const windows = [{ limit: 1, perMs: SECOND }];
    await limiter.take("a", windows);
    await limiter.take("b", windows);
    expect(clock.now()).toBe(0);
  });

  it("refuses to wait longer than its bound, and counts nothing then", async () => {
    const clock = new ManualClock();
    const limiter = new CourierLimiter({ clock, maxWaitMs: 500 });
    const windows = [{ limit: 1, perMs: SECOND }];
    await limiter.take("account", windows);
    const refused = await limiter.take("account", windows).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RateLimitWaitTooLong);
    expect((refused as RateLimitWaitTooLong).retryAfterMs).toBe(1000);
    await clock.advanceTo(1000);
    await limiter.take("account", windows);
    expect(clock.now()).toBe(1000);
  });

  it("after a 429 honours Retry-After, for the callers already waiting too", async () => {
    const clock = new ManualClock();
    const limiter = new CourierLimiter({ clock, maxWaitMs: MINUTE });
    const windows = [{ limit: 1, perMs: SECOND }];
    await limiter.take("account", windows);
    let waiterGranted = -1;
    const waiter = limiter.take("account", windows).then(() => (waiterGranted = clock.now()));
    await flush();
    expect(limiter.backOff("account", 5 * SECOND)).toBe(5 * SECOND);
    await clock.advanceTo(10 * SECOND);
    await waiter;
    expect(waiterGranted).toBe(5 * SECOND);
  });

  it("without Retry-After backs off exponentially, capped, and starts afresh after a success", () => {
    const clock = new ManualClock();
    const limiter = new CourierLimiter({ clock, backOffBaseMs: 1000, backOffCapMs: 5000 });
    expect([1, 2, 3, 4].map(() => limiter.backOff("account"))).toEqual([1000, 2000, 4000, 5000]);
    limiter.succeeded("account");
    expect(limiter.backOff("account")).toBe(1000);
  });

  it("a pause (an exhausted quota) delays the next slot", async () => {
    const clock = new ManualClock();
    const limiter = new CourierLimiter({ clock });
    limiter.pause("account", 3000);
    const { granted, all } = takeMany(limiter, clock, 1, [{ limit: 5, perMs: SECOND }]);
    await clock.advanceTo(10_000);
    await all;
    expect(granted).toEqual([3000]);
  });

  it("an aborted wait gives its slot back", async () => {
    const clock = new ManualClock();
    const limiter = new CourierLimiter({ clock });
    const windows = [{ limit: 1, perMs: SECOND }];
    await limiter.take("account", windows);
    const controller = new AbortController();
    const aborted = limiter.take("account", windows, { signal: controller.signal }).catch(() => "aborted");
    await flush();
    controller.abort();
    expect(await aborted).toBe("aborted");
    const { granted, all } = takeMany(limiter, clock, 1, windows);
    await clock.advanceTo(5000);
    await all;
    expect(granted).toEqual([1000]);
  });
});
