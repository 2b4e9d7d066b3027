/**
 * Admission control (docs/decisions/0037-load-shedding.md): at most `maxConcurrent` requests are
 * served at once; the next ones wait in line, first come first served, and an ordinary request
 * waits at most `maxQueueWaitMs` in a line of at most `maxQueued`. Past that it is refused at once
 * (the caller answers 503 with Retry-After), so a saturated server answers every visitor quickly
 * instead of letting the wait grow without bound.
 *
 * Priority requests (an order, an admin with a session) are never refused: they wait in their own
 * line, served before the ordinary one, however long it is and however long they wait.
 *
 * Pure logic: no HTTP here (load-shedding.server.ts is the middleware).
 */
export interface AdmissionLimits {
  /** Requests served at once. */
  maxConcurrent: number;
  /** Ordinary requests waiting for a slot; 0: none waits. */
  maxQueued: number;
  /** How long an ordinary request waits for a slot before it is refused. */
  maxQueueWaitMs: number;
}

export type AdmissionPriority = "normal" | "priority";

/** Why a request was not admitted: the line was full, its wait ran out, or its client left. */
export type Refusal = "queue_full" | "timeout" | "cancelled";

export type Admission = { admitted: true; release: () => void } | { admitted: false; reason: Refusal };

interface Waiter {
  settle: (admission: Admission) => void;
  timer: ReturnType<typeof setTimeout> | undefined;
  cancel: (() => void) | undefined;
}

export class AdmissionController {
  readonly #limits: AdmissionLimits;
  #inFlight = 0;
  // A Set keeps insertion order (FIFO) and removes a waiter whose client left in O(1).
  readonly #priority = new Set<Waiter>();
  readonly #normal = new Set<Waiter>();

  constructor(limits: AdmissionLimits) {
    if (!(limits.maxConcurrent >= 1)) throw new RangeError("maxConcurrent must be at least 1");
    this.#limits = { ...limits };
  }

  get inFlight(): number {
    return this.#inFlight;
  }

  /** Requests waiting for a slot (both lines). */
  get queued(): number {
    return this.#priority.size + this.#normal.size;
  }

  /** A slot at once, or undefined when every slot is taken or someone is already waiting (no overtaking). */
  tryAdmit(): (() => void) | undefined {
    if (this.#inFlight >= this.#limits.maxConcurrent || this.queued > 0) return undefined;
    this.#inFlight += 1;
    return this.#releaser();
  }

  /**
   * A slot now or once the requests ahead of this one are done. `signal` aborts the wait (the
   * client disconnected): the request leaves the line and resolves as "cancelled".
   */
  admit(priority: AdmissionPriority = "normal", signal?: AbortSignal): Promise<Admission> {
    if (signal?.aborted) return Promise.resolve({ admitted: false, reason: "cancelled" });
    const release = this.tryAdmit();
    if (release) return Promise.resolve({ admitted: true, release });
    const line = priority === "priority" ? this.#priority : this.#normal;
    if (priority === "normal" && this.#normal.size >= this.#limits.maxQueued) {
      return Promise.resolve({ admitted: false, reason: "queue_full" });
    }
    return new Promise<Admission>((resolve) => {
      const waiter: Waiter = { settle: resolve, timer: undefined, cancel: undefined };
      const leave = (reason: Refusal) => {
        if (!line.delete(waiter)) return;
        this.#forget(waiter);
        resolve({ admitted: false, reason });
      };
      if (priority === "normal") waiter.timer = setTimeout(() => leave("timeout"), this.#limits.maxQueueWaitMs);
      if (signal) {
        const onAbort = () => leave("cancelled");
        signal.addEventListener("abort", onAbort, { once: true });
        waiter.cancel = () => signal.removeEventListener("abort", onAbort);
      }
      line.add(waiter);
    });
  }

  #forget(waiter: Waiter): void {
    if (waiter.timer !== undefined) clearTimeout(waiter.timer);
    waiter.cancel?.();
  }

  /** Frees the slot once, however often it is called; the first waiter (priority line first) takes it over. */
  #releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = firstOf(this.#priority) ?? firstOf(this.#normal);
      if (!next) {
        this.#inFlight -= 1;
        return;
      }
      // The slot passes straight to the next waiter: inFlight stays the same.
      this.#forget(next);
      next.settle({ admitted: true, release: this.#releaser() });
    };
  }
}

/** Removes and returns the oldest waiter of a line. */
function firstOf(line: Set<Waiter>): Waiter | undefined {
  const first = line.values().next();
  if (first.done) return undefined;
  line.delete(first.value);
  return first.value;
}
