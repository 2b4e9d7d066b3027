import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * What the Ecotrack and Noest fakes share: a real local HTTP server on port 0 that checks the
 * Bearer token (401 otherwise), answers 429 with Retry-After once a configurable burst is spent,
 * and records every request so a test can count them.
 */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface FakeAnswer {
  status: number;
  json?: unknown;
  bytes?: Uint8Array;
  contentType?: string;
  headers?: Record<string, string>;
}

export interface BearerFake {
  /** The base URL an adapter is given (the server's address plus the family's API prefix). */
  baseUrl: string;
  origin: string;
  token: string;
  requests: FakeRequest[];
  /** The next `burst` requests pass, then every request answers 429 with `Retry-After: retryAfterSeconds`, until `rateLimit(null)`. */
  rateLimit(limit: { burst: number; retryAfterSeconds: number } | null): void;
  close(): Promise<void>;
}

export async function startBearerFake(options: {
  prefix: string;
  token: string;
  route: (request: FakeRequest) => FakeAnswer;
  /** Paths served without a token (a pre-signed link). */
  isPublic?: (path: string) => boolean;
}): Promise<BearerFake> {
  const requests: FakeRequest[] = [];
  let limit: { remaining: number; retryAfterSeconds: number } | null = null;

  function send(response: ServerResponse, answer: FakeAnswer) {
    const headers: Record<string, string> = { ...answer.headers };
    if (answer.bytes) {
      headers["content-type"] = answer.contentType ?? "application/octet-stream";
      response.writeHead(answer.status, headers).end(Buffer.from(answer.bytes));
    } else {
      headers["content-type"] = "application/json";
      response.writeHead(answer.status, headers).end(answer.json === undefined ? "" : JSON.stringify(answer.json));
    }
  }

  async function handle(incoming: IncomingMessage, response: ServerResponse) {
    const url = new URL(incoming.url ?? "/", "http://fake");
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    let body: unknown = null;
    if (text !== "") {
      try {
        body = JSON.parse(text);
      } catch {
        return send(response, { status: 400, json: { message: "Malformed JSON." } });
      }
    }
    const path = url.pathname.startsWith(options.prefix) ? url.pathname.slice(options.prefix.length) : url.pathname;
    const request: FakeRequest = { method: incoming.method ?? "GET", path, query: url.searchParams, body };
    requests.push(request);
    if (options.isPublic?.(path)) return send(response, options.route(request));
    if (incoming.headers.authorization !== `Bearer ${options.token}`) return send(response, { status: 401, json: { message: "Unauthenticated." } });
    if (limit !== null) {
      if (limit.remaining <= 0) {
        return send(response, { status: 429, json: { message: "Too Many Attempts." }, headers: { "retry-after": String(limit.retryAfterSeconds) } });
      }
      limit.remaining -= 1;
    }
    send(response, options.route(request));
  }

  const server = createServer((incoming, response) => {
    handle(incoming, response).catch(() => send(response, { status: 500, json: { message: "Server Error" } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl: origin + options.prefix,
    origin,
    token: options.token,
    requests,
    rateLimit(next) {
      limit = next === null ? null : { remaining: next.burst, retryAfterSeconds: next.retryAfterSeconds };
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** Now in Algiers time (UTC+1), as the couriers write it: "2026-11-26 10:30:00". */
export function algiersNow(at: Date = new Date()): { date: string; time: string } {
  const local = new Date(at.getTime() + 60 * 60 * 1000).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 19) };
}

export function record(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
