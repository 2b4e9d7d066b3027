import { env } from "../env.server";

/**
 * The header through which app.server.ts hands the TCP peer's address to the React Router
 * request (@react-router/express builds a Fetch Request from the Express one and keeps only
 * method, URL, headers and body; the socket is passed only to getLoadContext). The middleware
 * always overwrites it, so a client cannot choose its value.
 */
export const PEER_ADDRESS_HEADER = "x-souq-peer-address";

/**
 * The shopper's address, for rate limits and the order record: the first address of
 * X-Forwarded-For when TRUST_PROXY=true (the app sits behind a proxy that sets it),
 * else the socket's peer address; "unknown" when neither is known.
 */
export function clientIp(request: Request, trustProxy: boolean = env().TRUST_PROXY): string {
  if (trustProxy) {
    const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return normalizeAddress(forwarded);
  }
  const peer = request.headers.get(PEER_ADDRESS_HEADER)?.trim();
  return peer ? normalizeAddress(peer) : "unknown";
}

/** "::ffff:127.0.0.1" (an IPv4 peer on a dual-stack socket) → "127.0.0.1"; capped at 64 characters. */
function normalizeAddress(address: string): string {
  const plain = address.startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;
  return plain.slice(0, 64);
}
