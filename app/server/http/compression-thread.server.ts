import { Worker } from "node:worker_threads";
import workerSource from "./compression-thread.worker.js?raw";
import { logger } from "../logger.server";
import type { TemplateEncoding } from "./nonce-template.server";

/**
 * The page cache's compressions run in one worker thread per process, started on the first one
 * (docs/decisions/0040-page-cache-under-load.md). The main thread only hands over a page's parts
 * and takes back its compressed parts: one message each way, instead of a round trip through its
 * busy event loop for every flush.
 *
 * The page cache sends one page at a time (compressInTurn, for memory). A thread that fails is
 * logged. One that fails or exits answers its pending tasks with null (the page is then served in
 * its other encodings, as for a splice that does not decode), and the next task starts a new one.
 */

/** The running thread and the tasks it has not answered yet. */
interface Thread {
  worker: Worker;
  pending: Map<number, (compressed: Buffer[] | null) => void>;
}

let current: Thread | undefined;
let nextId = 0;

/** Answers every task `thread` still owes with null. */
function settleAll(thread: Thread): void {
  for (const resolve of thread.pending.values()) resolve(null);
  thread.pending.clear();
}

function started(): Thread {
  if (current) return current;
  const thread: Thread = { worker: new Worker(new URL(`data:text/javascript,${encodeURIComponent(workerSource)}`)), pending: new Map() };
  // An idle compressor never keeps the process alive (a shutdown exits without stopping it).
  thread.worker.unref();
  thread.worker.on("message", ({ id, compressed }: { id: number; compressed: Uint8Array[] | null }) => {
    const resolve = thread.pending.get(id);
    if (!resolve) return;
    thread.pending.delete(id);
    resolve(compressed ? compressed.map((part) => Buffer.from(part.buffer, part.byteOffset, part.byteLength)) : null);
  });
  const forget = () => {
    if (current === thread) current = undefined;
    settleAll(thread);
  };
  thread.worker.on("error", (error) => {
    logger.error({ err: error }, "page cache: the compression thread failed");
    forget();
  });
  thread.worker.on("exit", forget);
  current = thread;
  return thread;
}

/**
 * `parts` compressed in `encoding` in one stream, flushed after each part and each placeholder
 * (the placeholders' output dropped); null if compressing failed.
 */
export function compressPartsOffThread(
  encoding: TemplateEncoding,
  parts: Buffer[],
  placeholders: Buffer[],
  brotliWindowBits: number,
): Promise<Buffer[] | null> {
  const id = nextId++;
  // Copies of exactly the parts' bytes (a part is a view into the whole page), moved, not cloned.
  const copies = parts.map((part) => new Uint8Array(part));
  return new Promise((resolve) => {
    const thread = started();
    thread.pending.set(id, resolve);
    try {
      thread.worker.postMessage(
        { id, encoding, parts: copies, placeholders, brotliWindowBits },
        copies.map((copy) => copy.buffer),
      );
    } catch {
      thread.pending.delete(id);
      resolve(null);
    }
  });
}

/** Stops the thread; the tasks it owes are answered with null (tests; a process exiting needs not). */
export async function stopCompressionThread(): Promise<void> {
  const thread = current;
  if (!thread) return;
  current = undefined;
  settleAll(thread);
  await thread.worker.terminate();
}
