import pino from "pino";
import { env } from "./env.server";

/** JSON lines in production; readable lines in development. */
export const logger = pino({
  level: env().LOG_LEVEL,
  base: undefined,
  transport:
    env().NODE_ENV === "development"
      ? { target: "pino-pretty", options: { colorize: true, translateTime: "SYS:HH:MM:ss" } }
      : undefined,
});
