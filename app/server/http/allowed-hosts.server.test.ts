import { describe, expect, it } from "vitest";
import { parseEnv } from "../env.server";
import { allowedHosts, isAllowedHost, parseAllowedHosts, parseAuthority } from "./allowed-hosts.server";

const rulesFor = (env: Record<string, string>) => {
  const config = parseEnv(env);
  return { rules: allowedHosts(config), port: config.PORT };
};

describe("the allowed hosts", () => {
  it("by default: loopback names on the listening port or none, whatever the wildcard HOST", () => {
    const { rules, port } = rulesFor({ HOST: "0.0.0.0", PORT: "3000" });
    for (const host of ["localhost:3000", "127.0.0.1:3000", "[::1]:3000", "LOCALHOST", "localhost.:3000"])
      expect(isAllowedHost(host, rules, port), host).toBe(true);
    for (const host of ["evil.example", "localhost:3001", "0.0.0.0:3000", "10.0.0.5:3000", "", undefined]) {
      expect(isAllowedHost(host, rules, port), String(host)).toBe(false);
    }
  });

  it("adds a specific HOST and PUBLIC_URL's host (with its explicit port, if any)", () => {
    const { rules, port } = rulesFor({ HOST: "10.0.0.5", PORT: "8080", PUBLIC_URL: "https://shop.example" });
    for (const host of ["10.0.0.5:8080", "shop.example", "Shop.Example:8080", "localhost:8080"])
      expect(isAllowedHost(host, rules, port), host).toBe(true);
    expect(isAllowedHost("shop.example:1234", rules, port)).toBe(false);
    const withPort = rulesFor({ PUBLIC_URL: "http://shop.example:8443/" });
    expect(isAllowedHost("shop.example:8443", withPort.rules, withPort.port)).toBe(true);
    expect(isAllowedHost("shop.example", withPort.rules, withPort.port)).toBe(false);
    const ipv6 = rulesFor({ HOST: "::1" });
    expect(isAllowedHost("[::1]:3000", ipv6.rules, ipv6.port)).toBe(true);
  });

  it("is exactly ALLOWED_HOSTS (plus PUBLIC_URL's host) when set", () => {
    const { rules, port } = rulesFor({ ALLOWED_HOSTS: "shop.example, www.shop.example:8443", PUBLIC_URL: "https://souq.example" });
    for (const host of ["shop.example", "shop.example:3000", "www.shop.example:8443", "souq.example"])
      expect(isAllowedHost(host, rules, port), host).toBe(true);
    for (const host of ["www.shop.example", "localhost:3000", "127.0.0.1:3000"]) expect(isAllowedHost(host, rules, port), host).toBe(false);
  });

  it("refuses malformed host headers", () => {
    for (const value of [
      "a.dz/<script>",
      "user@shop.example",
      "shop.example:99999",
      "shop.example:0",
      "[::1",
      "shop example",
      "shop.example:80:80",
    ]) {
      expect(parseAuthority(value), value).toBeUndefined();
    }
  });

  it("stops start-up on an ALLOWED_HOSTS entry that is not a host", () => {
    expect(parseAllowedHosts("shop.example,https://shop.example")).toBeUndefined();
    expect(() => parseEnv({ ALLOWED_HOSTS: "shop.example, *" })).toThrow(/ALLOWED_HOSTS: must be a comma-separated list of host names/);
    expect(parseEnv({ ALLOWED_HOSTS: " " }).ALLOWED_HOSTS).toBeUndefined();
  });
});
