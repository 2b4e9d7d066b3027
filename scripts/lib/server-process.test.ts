import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawn } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { SERVER_NODE_ARGS } from "./server-node-args.js";
import { serverPids, startServerProcess } from "./server-process.js";

// A stand-in server.js: reports how it was started, then serves /healthz until SIGTERM.
const STAND_IN = `
import { createServer } from "node:http";
console.log(JSON.stringify({ execArgv: process.execArgv, NODE_ENV: process.env.NODE_ENV, PORT: process.env.PORT, HOST: process.env.HOST, EXTRA: process.env.EXTRA }));
const server = createServer((req, res) => res.end("ok")).listen(Number(process.env.PORT), process.env.HOST);
process.on("SIGTERM", () => server.close(() => process.exit(0)));
`;

const root = mkdtempSync(join(tmpdir(), "souq-server-process-"));
writeFileSync(join(root, "server.js"), STAND_IN);
writeFileSync(join(root, "package.json"), JSON.stringify({ type: "module" }));

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("startServerProcess", () => {
  it("runs `node SERVER_NODE_ARGS server.js` with NODE_ENV=production on a free loopback port, and stops it with SIGTERM", async () => {
    const server = await startServerProcess({ root, port: "free", env: { EXTRA: "yes" }, nodeArgs: ["--no-warnings"] });
    await server.waitUntilHealthy(10_000);
    const started = JSON.parse(server.output().split("\n")[0]!) as Record<string, unknown>;
    expect(started).toEqual({
      execArgv: [...SERVER_NODE_ARGS, "--no-warnings"],
      NODE_ENV: "production",
      PORT: String(server.port),
      HOST: "127.0.0.1",
      EXTRA: "yes",
    });
    expect(server.baseURL).toBe(`http://127.0.0.1:${server.port}`);
    expect((await server.stop()).code).toBe(0);
    expect(server.hasExited()).toBe(true);
  });

  it("says so when the server exits before it is healthy", async () => {
    const server = await startServerProcess({ root, port: "free", nodeArgs: ["--eval", "process.exit(3)"] });
    await expect(server.waitUntilHealthy(10_000)).rejects.toThrow(/exited with code 3 before \/healthz answered 200/);
  });
});

describe("serverPids", () => {
  it("names a process and its children (a cluster's primary and its workers) from Linux's /proc", async () => {
    const primary = spawn(process.execPath, [
      "-e",
      `const { spawn } = require("node:child_process"); const w = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"]); console.log(w.pid);`,
    ]);
    let worker: number | undefined;
    try {
      worker = await new Promise<number>((resolve) => primary.stdout.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim()))));
      expect(serverPids(primary.pid!)).toEqual([primary.pid, worker]);
      expect(serverPids(worker)).toEqual([worker]);
    } finally {
      if (worker) process.kill(worker, "SIGKILL");
      primary.kill("SIGKILL");
    }
  });
});
