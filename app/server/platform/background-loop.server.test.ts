import { afterEach, describe, expect, it, vi } from "vitest";
import { startBackgroundLoop } from "./background-loop.server";

afterEach(() => {
  vi.useRealTimers();
});

describe("startBackgroundLoop", () => {
  it("runs one round at a time: a tick while a round runs is skipped", async () => {
    vi.useFakeTimers();
    let running = 0;
    let most = 0;
    let rounds = 0;
    let finish: () => void = () => {};
    const loop = startBackgroundLoop("test round", 10, async () => {
      rounds += 1;
      running += 1;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => (finish = resolve));
      running -= 1;
    });
    await vi.advanceTimersByTimeAsync(55);
    expect(rounds).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(10);
    expect(rounds).toBe(2);
    expect(most).toBe(1);
    finish();
    await loop.stop();
  });

  it("keeps going after a failing round, and stop() waits for the round in progress, then runs no more", async () => {
    vi.useFakeTimers();
    let rounds = 0;
    let sawStop: boolean | undefined;
    let release: () => void = () => {};
    const loop = startBackgroundLoop("test round", 10, async (stopped) => {
      rounds += 1;
      if (rounds === 1) throw new Error("courier down");
      await new Promise<void>((resolve) => (release = resolve));
      sawStop = stopped();
    });
    await vi.advanceTimersByTimeAsync(20);
    expect(rounds).toBe(2);
    const stopping = loop.stop();
    release();
    await stopping;
    // The round ran to its end, and could see that a stop was asked for.
    expect(sawStop).toBe(true);
    await vi.advanceTimersByTimeAsync(100);
    expect(rounds).toBe(2);
  });
});
