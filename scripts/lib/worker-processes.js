// The primary process of a cluster (server.js starts it when WEB_CONCURRENCY asks for more than
// one worker; docs/decisions/0035-worker-processes.md). It never loads the app: it forks the
// workers (each runs server.js as a single server would), relays admin changes between them,
// names the one worker that runs the background work, replaces a worker that dies and drains them
// all on SIGTERM/SIGINT. Plain JavaScript with no import from the app, so it stays small and
// cannot fail with the app's code.
import cluster from "node:cluster";
import { availableParallelism } from "node:os";

/** The same bound as env.server.ts's MAX_WORKERS. */
const MAX_WORKERS = 64;
/** How long the primary waits for the other workers to confirm an admin change (under a worker's own wait). */
const RELAY_TIMEOUT_MS = 1_500;
/** A worker that dies before it listens is replaced after this pause (doubling, up to the maximum): no hot crash loop. */
const RESTART_PAUSE_MS = 1_000;
const MAX_RESTART_PAUSE_MS = 30_000;

/**
 * How many workers WEB_CONCURRENCY asks for, read as env.server.ts reads it (unset or empty: one
 * per CPU). A value it would refuse counts as 1: the single process then starts, reads the
 * environment with the app's own rules and stops with their message.
 */
export function requestedWorkers(raw) {
  const text = typeof raw === "string" ? raw.trim() : "";
  if (text === "") return availableParallelism();
  const count = Number(text);
  return Number.isInteger(count) && count >= 1 && count <= MAX_WORKERS ? count : 1;
}

/** A JSON log line shaped like the app's (pino: level, time, msg), since the primary has no logger of its own. */
function log(level, fields, msg) {
  const levels = { info: 30, warn: 40, error: 50, fatal: 60 };
  process.stdout.write(`${JSON.stringify({ level: levels[level], time: Date.now(), primary: process.pid, ...fields, msg })}\n`);
}

function send(worker, message) {
  if (!worker.isConnected()) return false;
  try {
    worker.send(message);
    return true;
  } catch {
    return false;
  }
}

/** Starts `count` workers (each runs this same server.js); the primary lives until they have all exited. */
export function runPrimary(count) {
  let stopping = false;
  let everListened = false;
  let backgroundWorker;
  let restartPause = RESTART_PAUSE_MS;
  const listening = new Set();
  /** Admin changes being relayed: token -> { origin, id, waiting (worker ids), timer }. */
  const relays = new Map();
  let tokens = 0;
  let failedExits = 0;

  const fork = () => cluster.fork();

  function finishRelay(token) {
    const relay = relays.get(token);
    if (!relay) return;
    relays.delete(token);
    clearTimeout(relay.timer);
    send(relay.origin, { souq: "admin-change-done", id: relay.id });
  }

  function relayAdminChange(origin, id) {
    const token = ++tokens;
    const others = [...listening].filter((worker) => worker !== origin && send(worker, { souq: "admin-change", id: token }));
    const timer = setTimeout(() => {
      log("warn", { workers: [...(relays.get(token)?.waiting ?? [])] }, "admin change not confirmed by every worker in time");
      finishRelay(token);
    }, RELAY_TIMEOUT_MS);
    relays.set(token, { origin, id, waiting: new Set(others.map((worker) => worker.id)), timer });
    if (others.length === 0) finishRelay(token);
  }

  function confirmAdminChange(worker, token) {
    const relay = relays.get(token);
    if (!relay) return;
    relay.waiting.delete(worker.id);
    if (relay.waiting.size === 0) finishRelay(token);
  }

  cluster.on("message", (worker, message) => {
    if (typeof message !== "object" || message === null || typeof message.souq !== "string") return;
    if (message.souq === "admin-change") relayAdminChange(worker, message.id);
    else if (message.souq === "admin-change-done") confirmAdminChange(worker, message.id);
  });

  cluster.on("listening", (worker) => {
    if (listening.has(worker)) return;
    listening.add(worker);
    restartPause = RESTART_PAUSE_MS;
    log("info", { worker: worker.id, pid: worker.process.pid }, "worker listening");
    if (!backgroundWorker && !stopping) {
      backgroundWorker = worker;
      send(worker, { souq: "background" });
    }
    if (!everListened) {
      everListened = true;
      // The first worker migrated and seeded the database alone; the others find it ready.
      for (let started = 1; started < count; started++) fork();
    }
  });

  cluster.on("exit", (worker, code, signal) => {
    const wasListening = listening.delete(worker);
    if (backgroundWorker === worker) backgroundWorker = undefined;
    for (const [token, relay] of relays) {
      relay.waiting.delete(worker.id);
      if (relay.waiting.size === 0) finishRelay(token);
    }
    if (stopping) {
      // A worker still starting has nothing to drain: its end by the signal is no failure.
      if (code !== 0 && wasListening) failedExits++;
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        log("info", { failedExits }, "every worker stopped; exiting");
        process.exit(failedExits === 0 ? 0 : 1);
      }
      return;
    }
    if (!everListened) {
      // The first worker could not start (it logged why): stop as a single server would.
      log("fatal", { worker: worker.id, pid: worker.process.pid, code, signal }, "the first worker could not start: exiting");
      process.exit(1);
    }
    log("error", { worker: worker.id, pid: worker.process.pid, code, signal }, "worker died: starting a replacement");
    if (wasListening) fork();
    else {
      setTimeout(() => stopping || fork(), restartPause);
      restartPause = Math.min(restartPause * 2, MAX_RESTART_PAUSE_MS);
    }
  });

  function stop(signal) {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    log("info", { signal, workers: workers.length }, "shutting down: draining every worker");
    if (workers.length === 0) process.exit(0);
    // Each worker runs its own graceful shutdown (server.js) and exits.
    for (const worker of workers) worker.process.kill(signal);
  }
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));

  log("info", { workers: count }, "starting worker processes");
  fork();
}
