import { writeReadableStreamToWritable } from "@react-router/node";
import compression from "compression";
import express from "express";
import { EventEmitter } from "node:events";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { compressionDrainListeners } from "./compression-drain.server";

// React Router writes a streamed page with res.write + res.once("drain") / res.off("drain"): through
// `compression` alone, each wait left a listener on the zlib stream (MaxListenersExceededWarning:
// "11 drain listeners added to [BrotliCompress]"). With compressionDrainListeners none is left.

const warnings: string[] = [];
const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);

afterEach(() => {
  process.off("warning", onWarning);
  warnings.length = 0;
});

async function serveLargeStreamedPage(fix: boolean, encoding: string) {
  const app = express();
  app.use(compression());
  if (fix) app.use(compressionDrainListeners);
  let leftOnStream = -1;
  app.get("/", async (_req, res) => {
    res.setHeader("Content-Type", "text/html");
    const chunk = new TextEncoder().encode(`<p>${"x".repeat(4000)}${Math.random()}</p>`);
    let n = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (n++ < 300) controller.enqueue(chunk);
        else controller.close();
      },
    });
    // The zlib stream is what res.on("drain") reaches: count its drain listeners after the page.
    let zlib: EventEmitter | undefined;
    const on = res.on;
    res.on = function (this: typeof res, event: string | symbol, listener: (...args: unknown[]) => void) {
      const target = on.call(this, event, listener) as unknown;
      if (event === "drain" && target !== this && target instanceof EventEmitter) zlib = target;
      return this;
    } as typeof res.on;
    await writeReadableStreamToWritable(stream, res);
    leftOnStream = zlib ? zlib.listenerCount("drain") : 0;
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { headers: { "Accept-Encoding": encoding } });
    expect(response.headers.get("content-encoding")).toBe(encoding);
    expect((await response.text()).length).toBeGreaterThan(1_000_000);
  } finally {
    server.close();
  }
  return leftOnStream;
}

describe("compressionDrainListeners", () => {
  it("without it, compression leaks drain listeners on the brotli stream (the cause)", async () => {
    // (Quietly: the warning itself is what the next test checks for.)
    const limit = EventEmitter.defaultMaxListeners;
    EventEmitter.defaultMaxListeners = 10_000;
    try {
      expect(await serveLargeStreamedPage(false, "br")).toBeGreaterThan(10);
    } finally {
      EventEmitter.defaultMaxListeners = limit;
    }
  });

  it("with it, no drain listener is left behind, for brotli and gzip, and no warning", async () => {
    process.on("warning", onWarning);
    for (const encoding of ["br", "gzip"]) expect(await serveLargeStreamedPage(true, encoding)).toBeLessThanOrEqual(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(warnings.filter((w) => w.startsWith("MaxListenersExceededWarning"))).toEqual([]);
  });
});
