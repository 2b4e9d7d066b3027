/**
 * The couriers' rate limits, shared by every adapter (docs/decisions/0029-courier-adapters.md).
 * A courier counts requests per account over several windows at once (Yalidine: per second,
 * minute, hour and day) and answers 429 past any of them; repeated overruns get the account
 * disabled for longer each time. So each request first takes a slot in every window of its
 * account, waiting for the earliest instant all of them allow it, and a 429 or an exhausted
 * quota pauses the account for everyone in this process.
 *
 * In-process, and each of the server's worker processes takes its share of every window
 * (`share`, 1/WEB_CONCURRENCY: registry.server.ts), so together they never pass the courier's
 * quota (docs/decisions/0035-worker-processes.md); a fleet of servers would need a shared store.
 */

export const SECOND = 1_000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** At most `limit` requests in any `perMs` milliseconds. */
export interface RateWindow {
  limit: number;
  perMs: number;
}

/** Time, injectable so the rules are tested without waiting. */
export interface LimiterClock {
  now(): number;
  /** Resolves after `ms`, or rejects when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: LimiterClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer = setTimeout(() => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
    }),
};

/** Thrown by `take` when the next free slot is further away than the caller will wait. */
export class RateLimitWaitTooLong extends Error {
  constructor(readonly retryAfterMs: number) {
    super(`the courier's quota frees a slot in ${retryAfterMs} ms, longer than the wait allowed`);
    this.name = "RateLimitWaitTooLong";
  }
}

export interface CourierLimiterOptions {
  clock?: LimiterClock;
  /** The longest `take` waits before giving up (a request is better refused than left hanging). */
  maxWaitMs?: number;
  /** First back-off after a 429 without Retry-After; doubled at each consecutive one. */
  backOffBaseMs?: number;
  /** The longest back-off without Retry-After. */
  backOffCapMs?: number;
  /** This process's share of every window (0 < share <= 1; default 1): each allows floor(limit × share), at least 1. */
  share?: number;
}

interface AccountState {
  /** Instants of the slots granted (some in the future: reserved by waiting callers), ascending. */
  stamps: number[];
  /** The longest window seen for this account: older stamps can be forgotten. */
  horizonMs: number;
  /** No request before this instant (a 429 or an exhausted quota). */
  pausedUntil: number;
  /** Consecutive 429s without a success in between. */
  strikes: number;
}

export class CourierLimiter {
  readonly #clock: LimiterClock;
  readonly #maxWaitMs: number;
  readonly #backOffBaseMs: number;
  readonly #backOffCapMs: number;
  readonly #share: number;
  readonly #accounts = new Map<string, AccountState>();

  constructor(options: CourierLimiterOptions = {}) {
    this.#clock = options.clock ?? systemClock;
    this.#maxWaitMs = options.maxWaitMs ?? 30 * SECOND;
    this.#backOffBaseMs = options.backOffBaseMs ?? SECOND;
    this.#backOffCapMs = options.backOffCapMs ?? 5 * MINUTE;
    this.#share = Math.min(1, Math.max(0, options.share ?? 1));
  }

  #account(key: string): AccountState {
    let state = this.#accounts.get(key);
    if (!state) {
      state = { stamps: [], horizonMs: 0, pausedUntil: 0, strikes: 0 };
      this.#accounts.set(key, state);
    }
    return state;
  }

  /**
   * Waits until a request of account `key` fits in every window, and counts it. Slots are
   * reserved in call order, so concurrent callers never overrun a window between them.
   * Throws RateLimitWaitTooLong (nothing counted) when the slot is further than `maxWaitMs`,
   * and the signal's reason when it aborts.
   */
  async take(key: string, windows: readonly RateWindow[], options: { maxWaitMs?: number; signal?: AbortSignal } = {}): Promise<void> {
    const maxWaitMs = options.maxWaitMs ?? this.#maxWaitMs;
    const state = this.#account(key);
    const started = this.#clock.now();
    for (const window of windows) state.horizonMs = Math.max(state.horizonMs, window.perMs);

    for (;;) {
      const now = this.#clock.now();
      this.#forget(state, now);
      const at = this.#earliestSlot(state, windows, now);
      if (at - started > maxWaitMs) throw new RateLimitWaitTooLong(at - now);
      state.stamps.push(at);
      try {
        if (at > now) await this.#clock.sleep(at - now, options.signal);
      } catch (error) {
        this.#release(state, at);
        throw error;
      }
      // A 429 met while this caller waited pauses it too: its slot is taken again after the pause.
      if (state.pausedUntil <= this.#clock.now()) return;
      this.#release(state, at);
    }
  }

  #release(state: AccountState, at: number) {
    const index = state.stamps.lastIndexOf(at);
    if (index >= 0) state.stamps.splice(index, 1);
  }

  /** The earliest instant, not before the last reserved slot, that every window allows. */
  #earliestSlot(state: AccountState, windows: readonly RateWindow[], now: number): number {
    const { stamps } = state;
    let at = Math.max(now, state.pausedUntil, stamps.at(-1) ?? now);
    for (const window of windows) {
      const { perMs } = window;
      const limit = Math.max(1, Math.floor(window.limit * this.#share));
      // Every stamp is at or before `at`; the window ending at `at` holds fewer than `limit`
      // of them once the limit-th most recent one is `perMs` old.
      if (stamps.length >= limit) at = Math.max(at, stamps[stamps.length - limit]! + perMs);
    }
    return at;
  }

  #forget(state: AccountState, now: number) {
    const oldest = now - state.horizonMs;
    let drop = 0;
    while (drop < state.stamps.length && state.stamps[drop]! <= oldest) drop += 1;
    if (drop > 0) state.stamps.splice(0, drop);
  }

  /**
   * After a 429: pauses the account for the courier's Retry-After when it gave one, else for an
   * exponential back-off (doubling at each consecutive 429, capped). Returns the pause applied.
   */
  backOff(key: string, retryAfterMs: number | null = null): number {
    const state = this.#account(key);
    const delay =
      retryAfterMs !== null && Number.isFinite(retryAfterMs) && retryAfterMs >= 0
        ? retryAfterMs
        : Math.min(this.#backOffCapMs, this.#backOffBaseMs * 2 ** state.strikes);
    state.strikes += 1;
    this.pause(key, delay);
    return delay;
  }

  /** No request of the account for `ms` (a quota the courier says is exhausted). */
  pause(key: string, ms: number) {
    const state = this.#account(key);
    state.pausedUntil = Math.max(state.pausedUntil, this.#clock.now() + Math.max(0, ms));
  }

  /** A request went through: the next 429 starts the back-off afresh. */
  succeeded(key: string) {
    const state = this.#accounts.get(key);
    if (state) state.strikes = 0;
  }
}
