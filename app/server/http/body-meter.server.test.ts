import { describe, expect, it } from "vitest";
import { BodyMeter, BodyTooLargeError, declaredLength, multipartBoundary, readBodyWithin } from "./body-meter.server";

const limits = { maxBytes: 10_000, maxFields: 5, maxFiles: 2 };
const bytes = (text: string) => new TextEncoder().encode(text);

/** Feeds `text` to a meter in chunks of `size` bytes; the first refusal, or null. */
function meter(text: string, contentType: string, size: number, within = limits): { refusal: string | null; meter: BodyMeter } {
  const m = new BodyMeter(within, contentType);
  const all = bytes(text);
  for (let i = 0; i < all.length; i += size) {
    const refusal = m.add(all.subarray(i, i + size));
    if (refusal) return { refusal, meter: m };
  }
  return { refusal: null, meter: m };
}

function multipart(parts: { name: string; filename?: string; value: string }[], boundary = "XyZ"): string {
  return (
    parts
      .map(
        (p) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ""}\r\n\r\n${p.value}\r\n`,
      )
      .join("") + `--${boundary}--\r\n`
  );
}

describe("BodyMeter", () => {
  it("refuses the chunk that takes the body over its byte limit", () => {
    const m = new BodyMeter({ ...limits, maxBytes: 100 }, "application/json");
    expect(m.add(new Uint8Array(60))).toBeNull();
    expect(m.add(new Uint8Array(40))).toBeNull();
    expect(m.add(new Uint8Array(1))).toBe("too_large");
  });

  it("counts urlencoded fields by their separators, across chunks", () => {
    for (const size of [1, 3, 1000]) {
      expect(meter("a=1&b=2&c=3&d=4&e=5", "application/x-www-form-urlencoded", size).refusal, `${size}`).toBeNull();
      expect(meter("a=1&b=2&c=3&d=4&e=5&f=6", "application/x-www-form-urlencoded; charset=utf-8", size).refusal, `${size}`).toBe("too_many_fields");
    }
    // Separators in a JSON or text body are not fields.
    expect(meter("&&&&&&&&&&&&", "application/json", 4).refusal).toBeNull();
  });

  it("counts multipart parts and file parts, whatever the chunk boundaries", () => {
    const five = multipart([1, 2, 3, 4, 5].map((i) => ({ name: `f${i}`, value: `v--XyZ${i}` })));
    const six = multipart([1, 2, 3, 4, 5, 6].map((i) => ({ name: `f${i}`, value: `${i}` })));
    const twoFiles = multipart([
      { name: "a", value: "x" },
      { name: "images", filename: "a.png", value: "PNG" },
      { name: "images", filename: "b.png", value: "PNG" },
    ]);
    const threeFiles = multipart([1, 2, 3].map((i) => ({ name: "images", filename: `${i}.png`, value: "\r\n\r\n--Xy" })));
    for (const size of [1, 2, 7, 64, 100_000]) {
      const type = "multipart/form-data; boundary=XyZ";
      expect(meter(five, type, size).refusal, `five/${size}`).toBeNull();
      expect(meter(five, type, size).meter.fields, `five/${size}`).toBe(5);
      expect(meter(six, type, size).refusal, `six/${size}`).toBe("too_many_fields");
      expect(meter(twoFiles, type, size).refusal, `two/${size}`).toBeNull();
      expect(meter(twoFiles, type, size).meter.files, `two/${size}`).toBe(2);
      expect(meter(threeFiles, type, size).refusal, `three/${size}`).toBe("too_many_files");
      expect(meter(twoFiles, type, size, { ...limits, maxFiles: 0 }).refusal, `none/${size}`).toBe("file_refused");
    }
  });

  it("refuses a part header no browser would send", () => {
    const huge = `--b\r\nContent-Disposition: form-data; name="${"x".repeat(20_000)}"\r\n\r\nv\r\n--b--\r\n`;
    expect(meter(huge, "multipart/form-data; boundary=b", 512, { ...limits, maxBytes: 100_000 }).refusal).toBe("too_large");
  });
});

describe("multipartBoundary and declaredLength", () => {
  it("reads the boundary, quoted or bare", () => {
    expect(multipartBoundary('multipart/form-data; boundary="a b"')).toBe("a b");
    expect(multipartBoundary("Multipart/Form-Data; charset=utf-8; boundary=----WebKit123")).toBe("----WebKit123");
    expect(multipartBoundary("application/x-www-form-urlencoded")).toBeNull();
    expect(multipartBoundary(null)).toBeNull();
  });
  it("reads a Content-Length, NaN when it is not one", () => {
    expect(declaredLength(undefined)).toBeNull();
    expect(declaredLength("36000000")).toBe(36_000_000);
    expect(declaredLength("-1")).toBeNaN();
    expect(declaredLength("1e9")).toBeNaN();
  });
});

describe("readBodyWithin", () => {
  it("refuses by Content-Length without pulling a byte, and stops a stream at the limit", async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({ pull: (c) => void (pulled++, c.enqueue(new Uint8Array(1000))) }, { highWaterMark: 0 });
    await expect(readBodyWithin(endless, limits, { contentType: null, contentLength: "10001" })).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(pulled).toBe(0);
    await expect(readBodyWithin(endless, limits, { contentType: null, contentLength: null })).rejects.toMatchObject({ reason: "too_large" });
    expect(pulled).toBe(11);
  });
});
