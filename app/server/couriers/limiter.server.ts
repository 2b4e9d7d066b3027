/**
 * The shared courier rate limiter (docs/decisions/0029-courier-adapters.md): every adapter takes a
 * slot before each request to its courier, under a key of its account, so the shop stays inside the
 * courier's published quotas; a 429 answer pushes the key's next slot back by the courier's
 * Retry-After.
 */
export interface CourierLimiter {
  /** Waits until one more request under `key` keeps within every window (`limit` requests per `perMs`). */
  take(key: string, windows: readonly { limit: number; perMs: number }[]): Promise<void>;
  /** No request under `key` before `ms` from now (the courier answered 429). */
  backOff(key: string, ms: number): void;
}

/** An in-process limiter: a sliding window of the request times of each key. */
export function createCourierLimiter(options: { now?: () => number; sleep?: (ms: number) => Promise<void> } = {}): CourierLimiter {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const sent = new Map<string, number[]>();
  const blockedUntil = new Map<string, number>();
  // One waiter at a time per key, so two callers never take the same free slot.
  const queues = new Map<string, Promise<void>>();

  function delayFor(key: string, windows: readonly { limit: number; perMs: number }[]): number {
    const at = now();
    let delay = Math.max(0, (blockedUntil.get(key) ?? 0) - at);
    const times = sent.get(key) ?? [];
    for (const { limit, perMs } of windows) {
      const recent = times.filter((time) => time > at - perMs);
      if (recent.length >= limit) delay = Math.max(delay, (recent[recent.length - limit] ?? at) + perMs - at);
    }
    return delay;
  }

  async function takeNow(key: string, windows: readonly { limit: number; perMs: number }[]): Promise<void> {
    for (let delay = delayFor(key, windows); delay > 0; delay = delayFor(key, windows)) await sleep(delay);
    const longest = Math.max(0, ...windows.map((window) => window.perMs));
    const at = now();
    const times = (sent.get(key) ?? []).filter((time) => time > at - longest);
    times.push(at);
    sent.set(key, times);
  }

  return {
    take(key, windows) {
      const turn = (queues.get(key) ?? Promise.resolve()).then(() => takeNow(key, windows));
      queues.set(
        key,
        turn.catch(() => undefined),
      );
      return turn;
    },
    backOff(key, ms) {
      blockedUntil.set(key, Math.max(blockedUntil.get(key) ?? 0, now() + ms));
    },
  };
}
