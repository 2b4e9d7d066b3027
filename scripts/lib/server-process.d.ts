import type { ChildProcess } from "node:child_process";

export function freePort(): Promise<number>;

/** The server's process `pid` and, when it is a cluster's primary, its workers (Linux; elsewhere just `pid`). */
export function serverPids(pid: number): number[];

export interface ServerProcessOptions {
  /** The repository root, where server.js and build/ are (default: the current directory). */
  root?: string;
  /** Variables over the current environment and NODE_ENV=production. */
  env?: Record<string, string | undefined>;
  /** More Node flags, after SERVER_NODE_ARGS (e.g. ["--cpu-prof"]). */
  nodeArgs?: readonly string[];
  /** A port, or "free" for one the OS picks; unset: PORT and HOST come from the environment. */
  port?: number | "free";
  /** HOST when `port` is given (default 127.0.0.1). */
  host?: string;
  stdio?: "pipe" | "inherit";
  /** Characters of output kept for output() (default: all). */
  outputLimit?: number;
  onOutput?: (chunk: Buffer | string, stream: "stdout" | "stderr") => void;
}

export interface ServerProcess {
  child: ChildProcess;
  port: number | undefined;
  /** http://HOST:PORT when a port was given. */
  baseURL: string | undefined;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; error?: Error }>;
  hasExited(): boolean;
  /** "exited with code N" or "was killed by SIGNAL". */
  describeExit(): string;
  output(): string;
  waitUntilHealthy(timeoutMs?: number): Promise<void>;
  stop(options?: { signal?: NodeJS.Signals; graceMs?: number }): Promise<{ code: number | null; ms: number }>;
}

export function startServerProcess(options?: ServerProcessOptions): Promise<ServerProcess>;
