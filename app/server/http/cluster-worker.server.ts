import cluster from "node:cluster";
import { logger } from "../logger.server";

/**
 * A worker process's side of the conversation with the primary (scripts/lib/worker-processes.js,
 * docs/decisions/0035-worker-processes.md). Outside a cluster (WEB_CONCURRENCY=1, development,
 * tests) every function here does the single-process thing: nothing to tell, background work here.
 *
 * Messages are objects with a `souq` field:
 * - worker -> primary `{ souq: "admin-change", id }`: this worker saved an admin change; the
 *   primary answers `{ souq: "admin-change-done", id }` once every other worker has forgotten
 *   what it kept (or after a short wait, so an admin never hangs on a stuck worker);
 * - primary -> worker `{ souq: "admin-change", id }`: another worker saved one; forget, then
 *   acknowledge with `{ souq: "admin-change-done", id }`;
 * - primary -> worker `{ souq: "background" }`: this worker runs the background work.
 */
interface Message {
  souq: string;
  id?: number;
}

/** How long an admin's response waits for the other workers before it goes anyway. */
const ANNOUNCE_TIMEOUT_MS = 2_000;

function isMessage(value: unknown): value is Message {
  return typeof value === "object" && value !== null && typeof (value as Message).souq === "string";
}

function inCluster(): boolean {
  return cluster.isWorker && typeof process.send === "function" && process.connected;
}

function send(message: Message): void {
  try {
    process.send?.(message);
  } catch (error) {
    // The primary is gone (the worker is about to exit with it): nobody left to tell.
    logger.warn({ err: error }, "worker: message to the primary not sent");
  }
}

let announcements = 0;
const waiting = new Map<number, () => void>();
let listening = false;

function listen(): void {
  if (listening) return;
  listening = true;
  process.on("message", (message: unknown) => {
    if (!isMessage(message) || message.souq !== "admin-change-done" || message.id === undefined) return;
    waiting.get(message.id)?.();
  });
}

/**
 * Tells every other worker that an admin change went through, and resolves once they all forgot
 * their copies (or after ANNOUNCE_TIMEOUT_MS). Undefined outside a cluster: nobody to tell.
 */
export function announceAdminChange(): Promise<void> | undefined {
  if (!inCluster()) return undefined;
  listen();
  const id = ++announcements;
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      waiting.delete(id);
      resolve();
    };
    const timer = setTimeout(() => {
      logger.warn("worker: the other workers did not confirm an admin change in time");
      done();
    }, ANNOUNCE_TIMEOUT_MS);
    waiting.set(id, done);
    send({ souq: "admin-change", id });
  });
}

/** Runs `forget` whenever another worker announces an admin change, then acknowledges it. */
export function onAdminChangeElsewhere(forget: () => void): void {
  if (!cluster.isWorker) return;
  process.on("message", (message: unknown) => {
    if (!isMessage(message) || message.souq !== "admin-change" || message.id === undefined) return;
    try {
      forget();
    } finally {
      send({ souq: "admin-change-done", id: message.id });
    }
  });
}

/**
 * Runs `start` (the background work: outbox, courier polling, the sandbox courier) in exactly one
 * process: at once outside a cluster, else when the primary gives this worker the role.
 */
export async function whenBackgroundRole(start: () => Promise<void>): Promise<void> {
  if (!cluster.isWorker) return start();
  process.on("message", (message: unknown) => {
    if (!isMessage(message) || message.souq !== "background") return;
    logger.info("background work runs in this worker");
    start().catch((error: unknown) => logger.error({ err: error }, "background work did not start"));
  });
}
