import express from "express";
import { request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { decodesCleanly, edgeGuard } from "./edge.server";
import { parseTrustProxy } from "./trust-proxy.server";

describe("decodesCleanly", () => {
  it("accepts well-formed UTF-8 percent-encoding in path and query, refuses anything else", () => {
    for (const url of ["/", "/search?q=%D8%AE%D9%84%D8%A7%D8%B7+x", "/a%20b?x=%25", "/?a=1&b"]) expect(decodesCleanly(url), url).toBe(true);
    for (const url of ["/%", "/%E0%A4%A", "/x?q=%", "/x?q=%FF", "/x?q=%C3%28", "/%ZZ"]) expect(decodesCleanly(url), url).toBe(false);
  });
});

// edgeGuard as server.js mounts it, under the test's environment (HOST 0.0.0.0, no PUBLIC_URL,
// no ALLOWED_HOSTS): requests come from 127.0.0.1 with a chosen Host.
describe("edgeGuard", () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  async function seen(trustProxy: string, headers: Record<string, string>) {
    const app = express();
    app.set("trust proxy", parseTrustProxy(trustProxy));
    app.use(edgeGuard);
    app.get("/where", (req, res) => {
      res.json({ protocol: req.protocol, host: req.host, forwardedHost: req.headers["x-forwarded-host"] ?? null });
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server!.once("listening", resolve));
    const port = (server.address() as AddressInfo).port;
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port, path: "/where", headers: { ...headers, Host: headers.Host ?? "localhost:3000" } }, (res) => {
        let body = "";
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on("error", reject);
      req.end();
    });
  }

  it("drops X-Forwarded-Host/-Proto from a peer that is not a trusted proxy", async () => {
    const answer = await seen("false", { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ protocol: "http", host: "localhost:3000", forwardedHost: null });
  });

  it("takes a trusted proxy's forwarded host (checked like a Host) and protocol, as the Host every later reader sees", async () => {
    const answer = await seen("loopback", { Host: "10.0.0.5:3000", "X-Forwarded-Host": "LOCALHOST, evil.example", "X-Forwarded-Proto": "https" });
    expect(JSON.parse(answer.body)).toEqual({ protocol: "https", host: "localhost", forwardedHost: null });
    expect((await seen("loopback", { "X-Forwarded-Host": "evil.example" })).status).toBe(400);
    const odd = await seen("1", { "X-Forwarded-Proto": "javascript" });
    expect(JSON.parse(odd.body).protocol).toBe("http");
  });

  it("answers 400 to a host the shop does not answer to", async () => {
    for (const host of ["evil.example", "localhost:3001", "localhost@evil.example"])
      expect((await seen("false", { Host: host })).status, host).toBe(400);
  });
});
