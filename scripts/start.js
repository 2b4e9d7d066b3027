// `npm start`: build the production bundle when it is missing or stale, then
// serve it (the server migrates and seeds the database before it listens).
import { spawnSync } from "node:child_process";
import { buildIsStale } from "./lib/build.js";

if (buildIsStale()) {
  console.log("Building the production bundle (first start or changed sources)…");
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.NODE_ENV = "production";
await import("../server.js");
