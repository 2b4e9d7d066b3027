/**
 * The shared rate limiter every courier adapter waits on, per account key. This is the interface
 * the adapters code against, with a simple in-process implementation (fixed windows, and a pause
 * after a 429) until the full one lands.
 */
export interface CourierLimiter {
  /** Resolves once a request for `key` fits every window. */
  take(key: string, windows: readonly { limit: number; perMs: number }[]): Promise<void>;
  /** After a 429: no request for `key` before `ms` from now. */
  backOff(key: string, ms: number): void;
}

export function createCourierLimiter(
  now: () => number = Date.now,
  sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms)),
): CourierLimiter {
  const sent = new Map<string, number[]>();
  const pausedUntil = new Map<string, number>();
  return {
    async take(key, windows) {
      const longest = Math.max(0, ...windows.map((window) => window.perMs));
      for (;;) {
        const at = now();
        const times = (sent.get(key) ?? []).filter((time) => time > at - longest);
        let wait = Math.max(0, (pausedUntil.get(key) ?? 0) - at);
        for (const window of windows) {
          const inWindow = times.filter((time) => time > at - window.perMs);
          if (inWindow.length >= window.limit) wait = Math.max(wait, inWindow[inWindow.length - window.limit]! + window.perMs - at);
        }
        if (wait <= 0) {
          times.push(at);
          sent.set(key, times);
          return;
        }
        await sleep(wait);
      }
    },
    backOff(key, ms) {
      pausedUntil.set(key, Math.max(pausedUntil.get(key) ?? 0, now() + ms));
    },
  };
}
