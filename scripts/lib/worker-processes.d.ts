/** How many workers WEB_CONCURRENCY asks for, read as env.server.ts reads it; a value it refuses counts as 1. */
export function requestedWorkers(raw: string | undefined): number;

/** Becomes the cluster's primary with `count` workers; the process lives until they have all exited. */
export function runPrimary(count: number): void;
