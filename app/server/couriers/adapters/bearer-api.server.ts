import { createHash } from "node:crypto";
import type { CourierAdapterDeps, CourierFailure, CourierResult } from "~/server/couriers/index.server";

/**
 * The HTTP side the Ecotrack and Noest families share: a Bearer token on every request, a slot of
 * the shared limiter taken before each one, and the answers every family gives the same way turned
 * into typed failures (401/403 unauthorized, 429 rate limited with the limiter backed off, 5xx and
 * network errors unavailable). The token never appears in a failure's message.
 */

type FetchAnswer = Awaited<ReturnType<typeof fetch>>;

export interface BearerApi {
  request(
    method: "GET" | "POST" | "DELETE",
    path: string,
    options?: { query?: [string, string][]; json?: unknown },
  ): Promise<CourierResult<FetchAnswer>>;
}

/** When a 429 carries no usable Retry-After. */
const DEFAULT_RETRY_AFTER_MS = 60_000;

/** The limiter's key of an account: its family, its host and a fingerprint of its token (never the token). */
export function limiterKey(family: string, baseUrl: string, token: string): string {
  const fingerprint = createHash("sha256").update(token).digest("hex").slice(0, 12);
  return `${family}:${baseUrl}:${fingerprint}`;
}

export function createBearerApi(options: {
  baseUrl: string;
  token: string;
  key: string;
  windows: readonly { limit: number; perMs: number }[];
  deps: CourierAdapterDeps;
}): BearerApi {
  const { deps } = options;
  const now = deps.now ?? Date.now;
  const base = options.baseUrl.replace(/\/+$/, "");

  return {
    async request(method, path, { query = [], json } = {}) {
      const url = new URL(base + path);
      for (const [name, value] of query) url.searchParams.append(name, value);
      await deps.limiter.take(options.key, options.windows);
      let answer: FetchAnswer;
      try {
        answer = await deps.fetch(url, {
          method,
          headers: {
            authorization: `Bearer ${options.token}`,
            accept: "application/json",
            ...(json === undefined ? {} : { "content-type": "application/json" }),
          },
          body: json === undefined ? undefined : JSON.stringify(json),
        });
      } catch (error) {
        return failed({ kind: "unavailable", message: error instanceof Error ? error.message : "network error" });
      }
      if (answer.status === 401 || answer.status === 403) {
        const body = await readJson(answer);
        return failed({ kind: "unauthorized", message: courierMessage(body) ?? `HTTP ${answer.status}` });
      }
      if (answer.status === 429) {
        await answer.body?.cancel();
        const retryAfterMs = retryAfter(answer.headers.get("retry-after"), now());
        deps.limiter.backOff(options.key, retryAfterMs);
        return failed({ kind: "rate_limited", retryAfterMs });
      }
      if (answer.status >= 500) {
        const body = await readJson(answer);
        return failed({ kind: "unavailable", message: courierMessage(body) ?? `HTTP ${answer.status}` });
      }
      return { ok: true, value: answer };
    },
  };
}

export function failed<T>(failure: CourierFailure): CourierResult<T> {
  return { ok: false, failure };
}

/** Retry-After in seconds or as an HTTP date; a missing or unreadable one waits a minute. */
export function retryAfter(header: string | null, nowMs: number): number {
  if (header === null || header.trim() === "") return DEFAULT_RETRY_AFTER_MS;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1000);
  const date = Date.parse(header);
  if (Number.isFinite(date)) return Math.max(0, date - nowMs);
  return DEFAULT_RETRY_AFTER_MS;
}

/** The body as JSON, or null when it is not JSON. */
export async function readJson(answer: FetchAnswer): Promise<unknown> {
  const text = await answer.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The courier's `message`, when its answer has one. */
export function courierMessage(body: unknown): string | null {
  return isRecord(body) && typeof body.message === "string" && body.message.trim() !== "" ? body.message : null;
}

/**
 * A refusal in the courier's own words. Both families answer a rejected field the Laravel way,
 * `{ message, errors: { field: ["…"] } }`, or, inside a bulk answer, `{ field: ["…"] }`; otherwise
 * `{ success: false, message }`.
 */
export function refusalOf(body: unknown, fallback: string): CourierFailure {
  const fields = isRecord(body) && isRecord(body.errors) ? body.errors : body;
  if (isRecord(fields)) {
    for (const [field, value] of Object.entries(fields)) {
      if (field === "message" || field === "success" || field === "reference") continue;
      const words = Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
      if (words.length > 0) return { kind: "refused", message: words.join(" "), field };
    }
  }
  return { kind: "refused", message: courierMessage(body) ?? fallback };
}

/** A count or an amount the courier may send as a number or a string; null when it is neither. */
export function wholeNumber(value: unknown): number | null {
  const number = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  return Number.isFinite(number) ? Math.round(number) : null;
}

/**
 * A courier's local time ("2026-11-26 10:30:00", or a date and a time apart) as ISO-8601 UTC.
 * Algerian couriers write Algiers time, UTC+1 all year (no daylight saving).
 */
export function algiersTimeToIso(date: string, time?: string | null): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2})?))?/.exec(date.trim());
  if (!match) return null;
  const clock = time?.trim() || match[2] || "00:00:00";
  const parsed = Date.parse(`${match[1]}T${clock.length === 5 ? `${clock}:00` : clock}+01:00`);
  return Number.isFinite(parsed) ? new Date(parsed).toISOString() : null;
}

/** Splits a list into chunks of at most `size` (the families' batch limits). */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** A list the courier sends as an array, an object keyed by index (depending on the tenant), or under `data`. */
export function listOf(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  if (!isRecord(body)) return [];
  if (Array.isArray(body.data) || isRecord(body.data)) return listOf(body.data);
  return Object.values(body);
}

export function truthy(value: unknown): boolean {
  return value === true || value === 1 || value === "1" || value === "true";
}
