// The page cache's compressor, run in a worker thread (compression-thread.server.ts starts it
// from this file's text, as an ES module from a data: URL, so it needs no file of its own in the
// build). It compresses a page's parts in one zlib stream, flushed to a byte boundary after each
// part and after each placeholder; the placeholders' output is dropped (a response puts its
// nonce block there: nonce-template.server.ts).
//
// Why a thread: a stream makes one round trip through the event loop per flush. On a busy
// server's main thread each round trip waits behind every request ready at that moment, so one
// page took seconds and the cache's compressions fell ever further behind
// (docs/decisions/0040-page-cache-under-load.md). Here the loop does nothing else.
import { parentPort } from "node:worker_threads";
import { constants, createBrotliCompress, createDeflateRaw } from "node:zlib";

parentPort.on("message", (task) => {
  compress(task).then(
    (compressed) => {
      parentPort.postMessage({ id: task.id, compressed }, compressed ? compressed.map((part) => part.buffer) : []);
    },
    () => parentPort.postMessage({ id: task.id, compressed: null }),
  );
});

/** Each chunk of output as its own Uint8Array (owning its buffer, so it can be transferred). */
function own(chunks) {
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

async function compress({ encoding, parts, placeholders, brotliWindowBits }) {
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const stream =
    encoding === "gzip"
      ? createDeflateRaw({ level: 6 })
      : createBrotliCompress({
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 6,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: total,
            // A stream allocates its whole window (4 MB by default) at once.
            [constants.BROTLI_PARAM_LGWIN]: brotliWindowBits,
          },
        });
  const flush = encoding === "gzip" ? constants.Z_SYNC_FLUSH : constants.BROTLI_OPERATION_FLUSH;
  const pending = [];
  stream.on("data", (chunk) => pending.push(chunk));
  const failed = new Promise((_, reject) => stream.once("error", reject));
  const take = () => own(pending.splice(0));
  const flushed = () => Promise.race([new Promise((resolve) => stream.flush(flush, resolve)), failed]);
  try {
    const compressed = [];
    for (let index = 0; index < parts.length; index += 1) {
      if (index > 0) {
        stream.write(placeholders[index - 1]);
        await flushed();
        take();
      }
      if (index < parts.length - 1) {
        stream.write(parts[index]);
        await flushed();
        compressed.push(take());
      } else {
        stream.end(parts[index]);
        await Promise.race([new Promise((resolve) => stream.once("end", resolve)), failed]);
        compressed.push(take());
      }
    }
    return compressed;
  } finally {
    stream.destroy();
  }
}
