import { logger } from "../logger.server";

/** A background loop; `stop()` cancels the next rounds and resolves once the round in progress (if any) is done. */
export interface BackgroundLoop {
  stop(): Promise<void>;
}

/**
 * Runs `round` every `intervalMs` in the background: one round at a time (a tick while one runs
 * is skipped), unref'd (it never keeps the process alive), a failing round logged as `what` and
 * the next one run as usual. `stop()` (graceful shutdown) cancels the next rounds and waits for
 * the current one, so the database is never closed under it; a long round may check `stopped()`
 * to end early.
 */
export function startBackgroundLoop(what: string, intervalMs: number, round: (stopped: () => boolean) => Promise<void>): BackgroundLoop {
  let current: Promise<void> | undefined;
  let stopped = false;
  const isStopped = () => stopped;
  const timer = setInterval(() => {
    if (current || stopped) return;
    current = round(isStopped)
      .catch((error: unknown) => logger.error({ err: error }, `${what} failed`))
      .finally(() => {
        current = undefined;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await current;
    },
  };
}
