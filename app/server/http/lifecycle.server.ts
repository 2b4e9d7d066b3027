/**
 * The process's lifecycle as /readyz reports it: once server.js starts a graceful shutdown
 * (SIGTERM/SIGINT) the instance answers 503 there, so a load balancer stops sending it traffic.
 */
let shuttingDown = false;

export function beginShutdown(): void {
  shuttingDown = true;
}

export function isShuttingDown(): boolean {
  return shuttingDown;
}
