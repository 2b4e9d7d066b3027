import express from "express";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { clientIp, PEER_ADDRESS_HEADER } from "./client-address.server";
import { handOverClientAddress } from "./edge.server";
import { parseTrustProxy } from "./trust-proxy.server";

const request = (headers: Record<string, string>) => new Request("http://shop.test/api/orders", { headers });

describe("clientIp", () => {
  it("uses the address handOverClientAddress handed over", () => {
    expect(clientIp(request({ [PEER_ADDRESS_HEADER]: "::ffff:192.0.2.4" }))).toBe("192.0.2.4");
    expect(clientIp(request({ [PEER_ADDRESS_HEADER]: "2001:db8::1" }))).toBe("2001:db8::1");
  });

  it("never reads X-Forwarded-For itself, and falls back to unknown", () => {
    expect(clientIp(request({ [PEER_ADDRESS_HEADER]: "10.0.0.2", "X-Forwarded-For": "203.0.113.9" }))).toBe("10.0.0.2");
    expect(clientIp(request({ "X-Forwarded-For": "203.0.113.9" }))).toBe("unknown");
  });
});

// The whole chain as server.js runs it: Express's `trust proxy` from TRUST_PROXY, req.ip handed
// over by handOverClientAddress, read by clientIp. The test's requests come from 127.0.0.1.
describe("the client address under TRUST_PROXY", () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  async function addressSeen(trustProxy: string, headers: Record<string, string>): Promise<string> {
    const app = express();
    app.set("trust proxy", parseTrustProxy(trustProxy));
    app.use(handOverClientAddress);
    app.get("/ip", (req, res) => {
      const fetchHeaders = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") fetchHeaders.set(name, value);
      res.send(clientIp(new Request("http://shop.test/ip", { headers: fetchHeaders })));
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server!.once("listening", resolve));
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/ip`, { headers });
    const text = await response.text();
    server.close();
    server = undefined;
    return text;
  }

  it("is the socket's peer without a proxy, whatever X-Forwarded-For or the peer header say", async () => {
    for (const setting of ["", "false", "0"]) {
      expect(await addressSeen(setting, { "X-Forwarded-For": "203.0.113.9", [PEER_ADDRESS_HEADER]: "198.51.100.1" })).toBe("127.0.0.1");
    }
  });

  it("with one hop (true = 1) is the address the proxy appended, not the client's leftmost entry", async () => {
    const forged = { "X-Forwarded-For": "6.6.6.6, 203.0.113.9" };
    expect(await addressSeen("true", forged)).toBe("203.0.113.9");
    expect(await addressSeen("1", forged)).toBe("203.0.113.9");
    expect(await addressSeen("2", { "X-Forwarded-For": "6.6.6.6, 203.0.113.9, 10.0.0.7" })).toBe("203.0.113.9");
  });

  it("with a list of proxies is the nearest address not in it", async () => {
    const chain = { "X-Forwarded-For": "6.6.6.6, 203.0.113.9, 10.0.0.7" };
    expect(await addressSeen("127.0.0.1, 10.0.0.0/8", chain)).toBe("203.0.113.9");
    expect(await addressSeen("loopback", chain)).toBe("10.0.0.7");
    // A peer that is not a listed proxy is the client, whatever it forwards.
    expect(await addressSeen("10.0.0.1", chain)).toBe("127.0.0.1");
  });
});
