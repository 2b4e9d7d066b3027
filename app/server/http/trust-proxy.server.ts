import { isIP } from "node:net";

/**
 * TRUST_PROXY as Express's `trust proxy` takes it (docs/decisions/0021-one-origin-rule.md):
 * false (no proxy: the socket's peer is the client and X-Forwarded-* are ignored), a number of
 * proxy hops in front of the app, or the proxies' addresses and CIDR ranges. The client address
 * is then the nearest address that is not a trusted proxy (Express's req.ip).
 *
 * `true` means one hop, never Express's `true` ("trust everything"), which would take the
 * leftmost X-Forwarded-For entry: the one the client itself writes.
 */
export type TrustProxy = false | number | string[];

/** The most proxy hops accepted: more is a typo, not a deployment. */
export const MAX_PROXY_HOPS = 10;

/** The names proxy-addr (Express) knows for common ranges. */
const RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

export const TRUST_PROXY_MESSAGE =
  `must be false, true (= 1), a number of proxies in front of the app (1 to ${MAX_PROXY_HOPS}), ` +
  "or a comma-separated list of the proxies' addresses and ranges (e.g. 10.0.0.1, 172.16.0.0/12, loopback)";

function isProxyEntry(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/** The setting for Express, or undefined when the value is not one of the accepted forms. */
export function parseTrustProxy(raw: string | undefined): TrustProxy | undefined {
  const value = (raw ?? "").trim().toLowerCase();
  if (value === "" || value === "false" || value === "0") return false;
  if (value === "true") return 1;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= MAX_PROXY_HOPS ? hops : undefined;
  }
  const entries = value.split(",").map((entry) => entry.trim());
  return entries.every(isProxyEntry) ? entries : undefined;
}
