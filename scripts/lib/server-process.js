// The one way to start the shop's production server as a process of its own: `node`, the server's
// Node options (server-node-args.js) and server.js, with NODE_ENV=production. Used by `npm start`
// (scripts/start.js), the bench (scripts/bench.ts), the load scenario (scripts/lib/load-scenario.ts),
// the tests' production servers (tests/support/production-server.ts) and the fleet test.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { SERVER_NODE_ARGS } from "./server-node-args.js";

/** A port nobody listens on (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      probe.close(() => (port > 0 ? resolve(port) : reject(new Error("could not find a free port"))));
    });
  });
}

/**
 * The processes of the server whose process is `pid`: itself and, when it is a cluster's primary
 * (WEB_CONCURRENCY > 1, docs/decisions/0035-worker-processes.md), its workers. Memory is measured
 * per process over these (the largest worker is what a budget per worker bounds). Linux only:
 * elsewhere just `pid`.
 */
export function serverPids(pid) {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
    return [pid, ...(children ? children.split(/\s+/).map(Number) : [])];
  } catch {
    return [pid];
  }
}

// Last resort: a server started here never outlives the process that started it.
const liveChildren = new Set();
let exitHookInstalled = false;
function track(child) {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on("exit", () => {
      for (const live of liveChildren) live.kill("SIGKILL");
    });
  }
  liveChildren.add(child);
  child.once("exit", () => liveChildren.delete(child));
}

/** A pause that does not keep the process alive by itself. */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/**
 * Starts `node SERVER_NODE_ARGS …nodeArgs server.js` in `root`.
 *
 * - `port`: a number, or "free" for a port the OS picks; PORT and HOST (default 127.0.0.1) are
 *   then set. Without it the server reads PORT and HOST from the environment (`npm start`).
 * - `env`: variables over the current environment and NODE_ENV=production.
 * - `stdio`: "pipe" (default: the output is kept, see `outputLimit`, and passed to `onOutput`)
 *   or "inherit" (the server writes to this process's terminal).
 */
export async function startServerProcess(options = {}) {
  const { root = process.cwd(), env = {}, nodeArgs = [], host = "127.0.0.1", stdio = "pipe", outputLimit = Infinity, onOutput } = options;
  const port = options.port === "free" ? await freePort() : options.port;
  const listen = port === undefined ? {} : { PORT: String(port), HOST: host };
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, ...nodeArgs, "server.js"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", ...listen, ...env },
    stdio: stdio === "inherit" ? "inherit" : ["ignore", "pipe", "pipe"],
  });
  track(child);

  let output = "";
  const record = (chunk, stream) => {
    output += chunk.toString();
    if (output.length > outputLimit) output = outputLimit > 0 ? output.slice(-outputLimit) : "";
    onOutput?.(chunk, stream);
  };
  // Always drain the pipes, or a chatty server would block on a full pipe.
  child.stdout?.on("data", (chunk) => record(chunk, "stdout"));
  child.stderr?.on("data", (chunk) => record(chunk, "stderr"));
  const exited = new Promise((resolve) => {
    child.once("exit", (code, signal) => resolve({ code, signal }));
    child.once("error", (error) => {
      liveChildren.delete(child);
      record(`\ncould not start node server.js: ${error.message}\n`, "stderr");
      resolve({ code: null, signal: null, error });
    });
  });
  let gone = false;
  void exited.then(() => (gone = true));
  const hasExited = () => gone || child.exitCode !== null || child.signalCode !== null;
  const describeExit = () => (child.signalCode ? `was killed by ${child.signalCode}` : `exited with code ${child.exitCode}`);
  const baseURL = port === undefined ? undefined : `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${port}`;

  return {
    child,
    port,
    baseURL,
    exited,
    hasExited,
    describeExit,
    /** What the server wrote so far (stdout and stderr interleaved; the last `outputLimit` characters). */
    output: () => output,
    /** Resolves once GET /healthz answers 200; rejects when the server exits first or after `timeoutMs`. */
    async waitUntilHealthy(timeoutMs = 60_000) {
      if (baseURL === undefined) throw new Error("waitUntilHealthy needs a port");
      const deadline = Date.now() + timeoutMs;
      let last = "no answer yet";
      while (Date.now() < deadline) {
        if (hasExited()) throw new Error(`the server ${describeExit()} before /healthz answered 200`);
        try {
          const response = await fetch(`${baseURL}/healthz`, { signal: AbortSignal.timeout(2_000) });
          await response.arrayBuffer();
          if (response.status === 200) return;
          last = `/healthz answered ${response.status}`;
        } catch (error) {
          last = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
        }
        await Promise.race([sleep(200), exited]);
      }
      throw new Error(`the server did not answer 200 on /healthz within ${timeoutMs / 1000} s (last: ${last})`);
    },
    /**
     * Sends `signal` (default SIGTERM) and resolves with the exit code and how long the exit took.
     * With `graceMs`, a server still running after it is killed (SIGKILL).
     */
    async stop({ signal = "SIGTERM", graceMs } = {}) {
      const started = Date.now();
      if (!hasExited()) {
        child.kill(signal);
        if (graceMs !== undefined) {
          const stopped = await Promise.race([exited.then(() => true), sleep(graceMs).then(() => false)]);
          if (!stopped && !hasExited()) child.kill("SIGKILL");
        }
      }
      const { code } = await exited;
      return { code, ms: Date.now() - started };
    },
  };
}
