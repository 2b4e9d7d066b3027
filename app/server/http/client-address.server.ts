/**
 * The header through which handOverClientAddress (edge.server.ts) hands the client's address to
 * the React Router request (the adapter, react-router-handler.server.ts, builds a Fetch Request with only
 * method, URL, headers and body). The middleware always overwrites it, so a client cannot choose
 * its value.
 */
export const PEER_ADDRESS_HEADER = "x-souq-peer-address";

/**
 * The shopper's address, for rate limits and the order record: what handOverClientAddress put in
 * PEER_ADDRESS_HEADER, Express's req.ip under TRUST_PROXY (the nearest address that is not one
 * of the trusted proxies: X-Forwarded-For entries left of it were written by the client, see
 * docs/decisions/0021-one-origin-rule.md); "unknown" when it is not known.
 */
export function clientIp(request: Request): string {
  const peer = request.headers.get(PEER_ADDRESS_HEADER)?.trim();
  return peer ? normalizeAddress(peer) : "unknown";
}

/** "::ffff:127.0.0.1" (an IPv4 peer on a dual-stack socket) → "127.0.0.1"; capped at 64 characters. */
function normalizeAddress(address: string): string {
  const plain = address.startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;
  return plain.slice(0, 64);
}
