import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AdmissionController, type Admission } from "./admission.server";

const limits = { maxConcurrent: 2, maxQueued: 2, maxQueueWaitMs: 500 };

/** Admits, and asserts it was. */
async function slot(controller: AdmissionController, priority: "normal" | "priority" = "normal"): Promise<() => void> {
  const admission = await controller.admit(priority);
  if (!admission.admitted) throw new Error(`refused: ${admission.reason}`);
  return admission.release;
}

/** Records the order in which pending admissions settle. */
function track(label: string, admission: Promise<Admission>, log: string[]): Promise<Admission> {
  return admission.then((outcome) => {
    log.push(outcome.admitted ? label : `${label}:${outcome.reason}`);
    return outcome;
  });
}

describe("AdmissionController", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("admits up to maxConcurrent at once, then queues, then refuses when the line is full", async () => {
    const controller = new AdmissionController(limits);
    await slot(controller);
    await slot(controller);
    expect(controller.inFlight).toBe(2);
    const waiting = [controller.admit(), controller.admit()];
    expect(controller.queued).toBe(2);
    expect(await controller.admit()).toEqual({ admitted: false, reason: "queue_full" });
    expect(controller.queued).toBe(2);
    void waiting;
  });

  it("hands a freed slot to the oldest waiter (FIFO) without changing the count in flight", async () => {
    const controller = new AdmissionController({ ...limits, maxConcurrent: 1, maxQueued: 5 });
    const first = await slot(controller);
    const log: string[] = [];
    const a = track("a", controller.admit(), log);
    const b = track("b", controller.admit(), log);
    const c = track("c", controller.admit(), log);
    first();
    const admittedA = await a;
    expect(log).toEqual(["a"]);
    expect(controller.inFlight).toBe(1);
    if (admittedA.admitted) admittedA.release();
    const admittedB = await b;
    if (admittedB.admitted) admittedB.release();
    const admittedC = await c;
    if (admittedC.admitted) admittedC.release();
    expect(log).toEqual(["a", "b", "c"]);
    expect(controller.inFlight).toBe(0);
    expect(controller.queued).toBe(0);
  });

  it("never lets a newcomer overtake someone waiting", async () => {
    const controller = new AdmissionController({ ...limits, maxConcurrent: 1 });
    const first = await slot(controller);
    const waiting = controller.admit();
    first();
    // The slot already belongs to the waiter: a newcomer cannot take it.
    expect(controller.tryAdmit()).toBeUndefined();
    expect((await waiting).admitted).toBe(true);
  });

  it("releasing twice frees one slot only", async () => {
    const controller = new AdmissionController(limits);
    const release = await slot(controller);
    await slot(controller);
    release();
    release();
    expect(controller.inFlight).toBe(1);
  });

  it("refuses an ordinary request that waited maxQueueWaitMs, and frees its place in the line", async () => {
    const controller = new AdmissionController({ ...limits, maxConcurrent: 1, maxQueued: 1 });
    await slot(controller);
    const waiting = controller.admit();
    await vi.advanceTimersByTimeAsync(499);
    expect(controller.queued).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await waiting).toEqual({ admitted: false, reason: "timeout" });
    expect(controller.queued).toBe(0);
    expect(controller.inFlight).toBe(1);
  });

  it("drops a waiter whose client disconnected, and the next one gets the slot", async () => {
    const controller = new AdmissionController({ ...limits, maxConcurrent: 1 });
    const first = await slot(controller);
    const gone = new AbortController();
    const log: string[] = [];
    const a = track("a", controller.admit("normal", gone.signal), log);
    const b = track("b", controller.admit(), log);
    gone.abort();
    expect(await a).toEqual({ admitted: false, reason: "cancelled" });
    expect(controller.queued).toBe(1);
    first();
    await b;
    expect(log).toEqual(["a:cancelled", "b"]);
    // A signal that aborts after admission changes nothing.
    expect(controller.inFlight).toBe(1);
  });

  it("refuses at once a request whose client is already gone", async () => {
    const controller = new AdmissionController(limits);
    const gone = new AbortController();
    gone.abort();
    expect(await controller.admit("normal", gone.signal)).toEqual({ admitted: false, reason: "cancelled" });
    expect(controller.inFlight).toBe(0);
  });

  it("priority requests are never refused nor timed out, and go before the ordinary line", async () => {
    const controller = new AdmissionController({ maxConcurrent: 1, maxQueued: 0, maxQueueWaitMs: 10 });
    const first = await slot(controller);
    // The ordinary line holds nobody: an ordinary request is refused at once…
    expect(await controller.admit()).toEqual({ admitted: false, reason: "queue_full" });
    // …an order waits, however long.
    const log: string[] = [];
    const orders = [track("order1", controller.admit("priority"), log), track("order2", controller.admit("priority"), log)];
    await vi.advanceTimersByTimeAsync(60_000);
    expect(log).toEqual([]);
    first();
    const one = await orders[0]!;
    if (one.admitted) one.release();
    await orders[1];
    expect(log).toEqual(["order1", "order2"]);
  });

  it("serves the priority line first when a slot frees", async () => {
    const controller = new AdmissionController({ maxConcurrent: 1, maxQueued: 5, maxQueueWaitMs: 1_000 });
    const first = await slot(controller);
    const log: string[] = [];
    const page = track("page", controller.admit(), log);
    const order = track("order", controller.admit("priority"), log);
    first();
    const admitted = await order;
    if (admitted.admitted) admitted.release();
    await page;
    expect(log).toEqual(["order", "page"]);
  });

  it("needs at least one slot", () => {
    expect(() => new AdmissionController({ ...limits, maxConcurrent: 0 })).toThrow(RangeError);
  });
});
