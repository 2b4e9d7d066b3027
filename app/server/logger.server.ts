import cluster from "node:cluster";
import pino, { type DestinationStream, type LoggerOptions } from "pino";
import { env } from "./env.server";
import { maskPhone } from "~/lib/phone";
import { currentRequest } from "./request-context.server";

/**
 * Personal data never reaches the logs, whatever a call site passes: these keys (at the top level
 * of a log object or one level down, e.g. `customer.phone`) are written as "[redacted]", except
 * phones, which are masked (maskPhone, app/lib/phone.ts: "0550****67", still useful to
 * the merchant; masking an already masked phone changes nothing). A safety net: call sites already
 * log no names, emails or addresses and only masked phones.
 */
export const REDACTED_KEYS = ["name", "fullName", "customerName", "email", "address", "customer", "phone", "password"];

function censor(value: unknown, path: string[]): unknown {
  if (path[path.length - 1] === "phone" && typeof value === "string") return maskPhone(value);
  return "[redacted]";
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    base: undefined,
    // Every line written while a request is served carries its id (see requestLogger in http/app.server.ts).
    mixin() {
      const request = currentRequest();
      return request ? { reqId: request.requestId } : {};
    },
    redact: { paths: [...REDACTED_KEYS, ...REDACTED_KEYS.map((key) => `*.${key}`)], censor },
  };
}

/**
 * A URL or path as log lines carry it: the path only. The query string may hold what a visitor
 * typed (a search for a phone number, an admin's order filter), and request lines already log
 * the path alone (requestLogger in http/app.server.ts).
 */
export function pathOf(url: string): string {
  const path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, "");
  const end = path.search(/[?#]/);
  return (end === -1 ? path : path.slice(0, end)) || "/";
}

/** A logger with the shop's options writing to `destination` (tests capture lines this way). */
export function createLogger(level: string, destination?: DestinationStream) {
  return destination ? pino(loggerOptions(level), destination) : pino(loggerOptions(level));
}

/** JSON lines in production (naming the worker in a cluster: several write to one stream); readable lines in development. */
export const logger =
  env().NODE_ENV === "development"
    ? pino({
        ...loggerOptions(env().LOG_LEVEL),
        transport: { target: "pino-pretty", options: { colorize: true, translateTime: "SYS:HH:MM:ss" } },
      })
    : cluster.isWorker
      ? createLogger(env().LOG_LEVEL).child({ worker: cluster.worker?.id })
      : createLogger(env().LOG_LEVEL);
