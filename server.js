// Production and development entry point: `npm start` runs it after building,
// `npm run dev` runs it with NODE_ENV=development (Vite middleware, hot reload).
import compression from "compression";
import express from "express";

const DEVELOPMENT = process.env.NODE_ENV === "development";
const SERVER_ENTRY = "./app/server/app.server.ts";
const BUILD_ENTRY = "./build/server/index.js";
// Uploaded files (app/server/storage): the same folder and default as UPLOADS_DIR in app/server/env.server.ts.
const UPLOADS_DIR = process.env.UPLOADS_DIR?.trim() || "data/uploads";
// Their names carry a hash of their content: cache for a year; a missing file is a plain 404.
const uploads = express.static(UPLOADS_DIR, { immutable: true, maxAge: "1y", index: false, fallthrough: false });

const server = express();
server.disable("x-powered-by");
// See TRUST_PROXY in .env.example: behind an https proxy, req.protocol must follow X-Forwarded-Proto.
server.set("trust proxy", process.env.TRUST_PROXY === "true");
server.use(compression());

let mod;
if (DEVELOPMENT) {
  const vite = await import("vite");
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
  server.use("/uploads", uploads);
  server.use(viteDevServer.middlewares);
  mod = await viteDevServer.ssrLoadModule(SERVER_ENTRY);
  server.use(mod.securityHeaders);
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
  // Fingerprinted build output: cache for a year.
  server.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
  // Other public files (fonts, demo images, favicon): cache for an hour.
  server.use(express.static("build/client", { maxAge: "1h", index: false }));
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
const { PORT: port, HOST: host } = mod.env();
const listener = server.listen(port, host, () => {
  const shown = host === "0.0.0.0" ? "localhost" : host;
  logger.info(`Souq is serving on http://${shown}:${port}`);
});

function shutdown(signal) {
  logger.info({ signal }, "shutting down");
  listener.close(async () => {
    await mod.closeDatabase();
    process.exit(0);
  });
  setTimeout(() => process.exit(0), 5000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
