import { describe, expect, it } from "vitest";
import { clientIp, PEER_ADDRESS_HEADER } from "./client-ip.server";

const request = (headers: Record<string, string>) => new Request("http://shop.test/api/orders", { headers });

describe("clientIp", () => {
  it("uses the socket's address handed over by app.server.ts", () => {
    expect(clientIp(request({ [PEER_ADDRESS_HEADER]: "::ffff:192.0.2.4" }), false)).toBe("192.0.2.4");
    expect(clientIp(request({ [PEER_ADDRESS_HEADER]: "2001:db8::1" }), false)).toBe("2001:db8::1");
  });

  it("ignores X-Forwarded-For unless the proxy is trusted", () => {
    const headers = { [PEER_ADDRESS_HEADER]: "10.0.0.2", "X-Forwarded-For": "203.0.113.9, 10.0.0.1" };
    expect(clientIp(request(headers), false)).toBe("10.0.0.2");
    expect(clientIp(request(headers), true)).toBe("203.0.113.9");
  });

  it("falls back to the peer, then to unknown", () => {
    expect(clientIp(request({ [PEER_ADDRESS_HEADER]: "10.0.0.2" }), true)).toBe("10.0.0.2");
    expect(clientIp(request({}), false)).toBe("unknown");
  });
});
