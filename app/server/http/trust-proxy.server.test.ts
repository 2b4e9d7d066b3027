import { describe, expect, it } from "vitest";
import { parseEnv } from "../env.server";
import { parseTrustProxy } from "./trust-proxy.server";

describe("TRUST_PROXY", () => {
  it("is no proxy when unset, empty, false or 0", () => {
    for (const value of [undefined, "", " false ", "0", "FALSE"]) expect(parseTrustProxy(value), String(value)).toBe(false);
  });

  it("takes true as one hop, never Express's trust-everything (the client writes the leftmost X-Forwarded-For)", () => {
    expect(parseTrustProxy("true")).toBe(1);
    expect(parseTrustProxy("2")).toBe(2);
  });

  it("takes a list of proxy addresses, CIDR ranges and proxy-addr's range names", () => {
    expect(parseTrustProxy("10.0.0.1, 172.16.0.0/12,loopback, fd00::/8, ::1")).toEqual(["10.0.0.1", "172.16.0.0/12", "loopback", "fd00::/8", "::1"]);
  });

  it("refuses anything else", () => {
    for (const value of ["yes", "11", "-1", "1.5", "10.0.0.0/33", "::1/129", "10.0.0.1/8/8", "proxy.internal", "10.0.0.1,", "*"]) {
      expect(parseTrustProxy(value), value).toBeUndefined();
    }
  });

  it("stops start-up with a clear message", () => {
    expect(() => parseEnv({ TRUST_PROXY: "yes" })).toThrow(/TRUST_PROXY: must be false, true \(= 1\), a number of proxies/);
    expect(parseEnv({ TRUST_PROXY: "10.0.0.1" }).TRUST_PROXY).toEqual(["10.0.0.1"]);
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
  });
});
