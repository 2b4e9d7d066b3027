import { describe, expect, it } from "vitest";
import { createCourierLimiter } from "./limiter.server";

// A clock the test moves: the limiter's waits advance it instead of sleeping.
function fakeClock() {
  let now = 0;
  const waits: number[] = [];
  return {
    now: () => now,
    sleep: async (ms: number) => {
      waits.push(ms);
      now += ms;
    },
    waits,
  };
}

describe("the courier limiter", () => {
  it("lets a window's limit through, then waits until the oldest request leaves the window", async () => {
    const clock = fakeClock();
    const limiter = createCourierLimiter(clock);
    const windows = [{ limit: 2, perMs: 1000 }];
    await limiter.take("a", windows);
    await limiter.take("a", windows);
    expect(clock.waits).toEqual([]);
    await limiter.take("a", windows);
    expect(clock.waits).toEqual([1000]);
    // Another key has its own window.
    await limiter.take("b", windows);
    expect(clock.waits).toEqual([1000]);
  });

  it("holds a key backed off after a 429 until its Retry-After has passed", async () => {
    const clock = fakeClock();
    const limiter = createCourierLimiter(clock);
    limiter.backOff("a", 5000);
    await limiter.take("a", [{ limit: 50, perMs: 60_000 }]);
    expect(clock.waits).toEqual([5000]);
  });
});
