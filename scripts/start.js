// `npm start`: build the production bundle when it is missing or stale, then serve it (the server
// migrates and seeds the database before it listens) as its own process, started like every other
// production server (scripts/lib/server-process.js). SIGTERM and SIGINT go on to the server, and
// this process exits as the server does.
import { spawnSync } from "node:child_process";
import { buildIsStale } from "./lib/build.js";
import { startServerProcess } from "./lib/server-process.js";

if (buildIsStale()) {
  console.log("Building the production bundle (first start or changed sources)…");
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = await startServerProcess({ stdio: "inherit" });
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => server.child.kill(signal));
const { code, signal } = await server.exited;
process.exit(code ?? (signal === "SIGINT" ? 130 : 143));
