// Production and development entry point: `npm start` runs it after building,
// `npm run dev` runs it with NODE_ENV=development (Vite middleware, hot reload).
import express from "express";
import cluster from "node:cluster";
import { readdirSync } from "node:fs";
import { requestedWorkers, runPrimary } from "./scripts/lib/worker-processes.js";

// Unset means production (.env.example), for React and Express too: both read NODE_ENV
// themselves, and React's development build renders a page far slower
// (docs/decisions/0038-render-costs.md).
process.env.NODE_ENV ||= "production";
const DEVELOPMENT = process.env.NODE_ENV === "development";

// WEB_CONCURRENCY above 1 (the default: one per CPU): this process becomes the cluster's primary,
// which forks the workers (each runs this file below) and serves nothing itself; it exits once they
// all have (docs/decisions/0035-worker-processes.md). Development is always one process.
if (cluster.isPrimary && !DEVELOPMENT && requestedWorkers(process.env.WEB_CONCURRENCY) > 1) {
  runPrimary(requestedWorkers(process.env.WEB_CONCURRENCY));
  // The rest of this file is a worker's: the primary stops here (it exits through runPrimary).
  await new Promise(() => {});
}

const SERVER_ENTRY = "./app/server/http/app.server.ts";
const BUILD_ENTRY = "./build/server/index.js";
// Uploaded files at /uploads: the folder UPLOADS_DIR, or the bucket S3_BUCKET streamed through
// the app (uploadsHandler in app/server/http/app.server.ts); cached for a year, a missing file is a 404.
const uploads = (req, res, next) => mod.uploadsHandler(req, res, next);
// Compression (app/server/http/compression.server.ts) comes first, before the app is loaded:
// requests only arrive once the server listens, when `mod` is there.
const compress = (req, res, next) => mod.compress(req, res, next);

const server = express();
server.disable("x-powered-by");
// Nothing is trusted until boot() has read TRUST_PROXY (set below, before the server listens).
server.set("trust proxy", false);
// Refuses odd methods, malformed percent-encoding and unknown hosts before anything else runs,
// and drops X-Forwarded-Host/-Proto unless a trusted proxy sent them (edgeGuard in app/server/http/edge.server.ts).
server.use((req, res, next) => mod.edgeGuard(req, res, next));
server.use(compress);
// During a graceful shutdown every response closes its connection (no keep-alive). In a cluster,
// X-Worker names the worker that answered (its number, not its process id).
let stopping = false;
const worker = cluster.isWorker ? String(cluster.worker.id) : undefined;
server.use((_req, res, next) => {
  if (stopping) res.setHeader("Connection", "close");
  if (worker) res.setHeader("X-Worker", worker);
  next();
});

let mod;
if (DEVELOPMENT) {
  const vite = await import("vite");
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
  server.use("/uploads", uploads);
  server.use(viteDevServer.middlewares);
  mod = await viteDevServer.ssrLoadModule(SERVER_ENTRY);
  server.use(mod.securityHeaders);
  server.use(mod.compressionDrainListeners);
  server.use(async (req, res, next) => {
    try {
      const fresh = await viteDevServer.ssrLoadModule(SERVER_ENTRY);
      return await fresh.app(req, res, next);
    } catch (error) {
      if (error instanceof Error) viteDevServer.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  mod = await import(BUILD_ENTRY);
  server.use(mod.securityHeaders);
  server.use(mod.compressionDrainListeners);
  // Fingerprinted build output: cache for a year; scripts and styles as compressed at build time.
  server.use("/assets", mod.precompressedAssets("build/client/assets"), express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
  // Other public files (demo images, favicon): cache for an hour. Only paths under a top-level
  // entry of build/client go there: a page request would otherwise cost a file-system lookup.
  const publicFiles = express.static("build/client", { maxAge: "1h", index: false });
  const publicEntries = new Set(readdirSync("build/client"));
  server.use((req, res, next) => (publicEntries.has(req.path.split("/")[1]) ? publicFiles(req, res, next) : next()));
  server.use("/uploads", uploads);
  server.use(mod.requestLogger);
  server.use(mod.app);
}

const { logger } = mod;
try {
  await mod.boot();
} catch (error) {
  logger.fatal({ err: error }, "start-up failed");
  process.exit(1);
}

// boot() has parsed and checked the whole environment by now.
const { PORT: port, HOST: host, TRUST_PROXY: trustProxy } = mod.env();
// See TRUST_PROXY in .env.example (docs/decisions/0021-one-origin-rule.md): false, a hop count or
// the proxies' addresses. req.ip is then the nearest address that is not a trusted proxy, and
// req.protocol follows X-Forwarded-Proto only from one (the URL React Router compares with the
// browser's Origin before every action must say https behind an https proxy).
server.set("trust proxy", trustProxy);
// Not server.listen(): createHttpServer makes requests with Express's prototypes from the start.
const listener = mod.createHttpServer(server).listen(port, host, () => {
  const shown = host === "0.0.0.0" ? "localhost" : host;
  logger.info(`Souq is serving on http://${shown}:${port}`);
});

/**
 * Graceful shutdown (SIGTERM from systemd, Docker or an orchestrator; Ctrl-C): /readyz answers 503,
 * the listener stops accepting connections, idle keep-alive sockets close at once and requests in
 * flight finish (their connections close after the response). After SHUTDOWN_TIMEOUT_MS the
 * remaining sockets are destroyed. Then the outbox worker stops (a batch in progress finishes),
 * the database closes and the process exits 0.
 */
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  const timeoutMs = mod.env().SHUTDOWN_TIMEOUT_MS;
  // Last resort: never hang past the deadline (plus a little for the database to close).
  setTimeout(() => {
    logger.error("shutdown did not finish in time: exiting");
    process.exit(1);
  }, timeoutMs + 5_000).unref();
  mod.beginShutdown();
  logger.info({ signal, timeoutMs }, "shutting down: no new connections, finishing requests in flight");
  const closed = new Promise((resolve) => listener.close(resolve));
  listener.closeIdleConnections();
  // A keep-alive socket becomes idle when its last response is out: close it then.
  const sweep = setInterval(() => listener.closeIdleConnections(), 50);
  let deadline;
  const outcome = await Promise.race([
    closed.then(() => "drained"),
    new Promise((resolve) => (deadline = setTimeout(() => resolve("deadline"), timeoutMs))),
  ]);
  clearInterval(sweep);
  clearTimeout(deadline);
  if (outcome === "deadline") {
    logger.warn({ timeoutMs }, "shutdown deadline reached: closing the remaining connections");
    listener.closeAllConnections();
    await closed;
  } else {
    logger.info("requests in flight finished; connections closed");
  }
  try {
    if (await mod.stopBackgroundWork()) logger.info("outbox worker stopped");
    await mod.closeDatabase();
    logger.info("database closed; exiting");
  } catch (error) {
    logger.error({ err: error }, "shutdown failed");
    process.exit(1);
  }
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
