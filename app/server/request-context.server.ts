import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

/** What code running during one request can learn about it (the logger adds `reqId` to every line). */
export interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The current request's context, or undefined outside a request (boot, background workers). */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}

/** Runs `fn` (and everything it starts) inside the request's context. */
export function runInRequest<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

/**
 * An incoming X-Request-Id (set by nginx or a load balancer) is reused when it is a sane token:
 * 1–100 characters of letters, digits and `-_.:@`. Anything else (or nothing) gets a fresh UUID,
 * so a client can never inject text into the logs or the response header.
 */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[A-Za-z0-9._:@-]{1,100}$/.test(value) ? value : randomUUID();
}

declare module "react-router" {
  interface AppLoadContext {
    /** This response's Content-Security-Policy nonce (securityHeaders in http/app.server.ts); absent in development. */
    cspNonce?: string;
  }
}
