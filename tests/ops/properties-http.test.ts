import fc from "fast-check";
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import { openDatabase } from "~/server/db/db.server";
import { freshServerDatabase, startServer, type RunningServer, type ServerDatabase } from "../support/production-server";

/*
 * Property-based tests over HTTP against a production server of their own (temp
 * SQLite, rate limits out of the way): POST /api/orders with arbitrary bodies and content types
 * answers 201 or a 4xx JSON error `{ error: { code, message, fields } }`, never a 5xx or an HTML
 * page; the storefront's search, category, product, collection and page routes with arbitrary
 * query parameters and path segments never answer 5xx and never reflect markup unescaped.
 * With CI=true the runs are seeded; fast-check prints the seed and counterexample of a failure.
 */

const FC_SEED = process.env.CI === "true" ? 0x50_0b_12 : undefined;
const params = (numRuns: number): fc.Parameters<unknown> => ({ numRuns, seed: FC_SEED, endOnFailure: true });

let dir: string;
let database: ServerDatabase;
let server: RunningServer;
let slugs: { categories: string[]; collections: string[]; pages: string[] };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "souq-ops-props-http-"));
  database = await freshServerDatabase(dir);
  server = await startServer(database.database, {
    LOG_LEVEL: "warn",
    ORDER_RATE_LIMIT_PER_IP: "1000000",
    ORDER_RATE_LIMIT_PER_PHONE: "1000000",
  });
  const { db, close } = openDatabase(database.url);
  try {
    const [categories, collections, pages] = await Promise.all([
      db.selectFrom("categories").select("slug").execute(),
      db.selectFrom("collections").select("slug").execute(),
      db.selectFrom("custom_pages").select("slug").execute(),
    ]);
    slugs = {
      categories: categories.map((r) => r.slug),
      collections: collections.map((r) => r.slug),
      pages: pages.map((r) => r.slug),
    };
  } finally {
    await close();
  }
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

// ---------- arbitraries ----------

const XSS = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  "</script><script>alert(1)</script>",
  "</title><script>alert(1)</script>",
  "<a href=javascript:alert(1)>x</a>",
] as const;
const nasty = fc.constantFrom(
  "\u200F",
  "\u200B",
  "\u0000",
  "😀",
  "%",
  "%00",
  "%E0%A4%A",
  "../",
  "..%2F",
  "?",
  "#",
  "&",
  "=",
  "+",
  " ",
  "\\",
  "'",
  '"',
  "`",
  "' OR 1=1 --",
);
const hostile = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }) },
  { weight: 2, arbitrary: fc.array(fc.oneof(nasty, fc.string({ maxLength: 4 })), { maxLength: 6 }).map((p) => p.join("")) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 12 }) },
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 5000 }).map((n) => "ب".repeat(n)) },
);
/** A payload with markup in it, wrapped in noise: must never come back unescaped. */
const xss = fc.tuple(fc.string({ maxLength: 5 }), fc.constantFrom(...XSS), fc.string({ maxLength: 5 })).map(([a, x, b]) => `${a}${x}${b}`);
const value = fc.oneof(
  { weight: 3, arbitrary: hostile },
  { weight: 2, arbitrary: xss },
  { weight: 1, arbitrary: fc.constantFrom("1", "0", "-1", "2.5", "1e999", "99999999999999999999", "NaN", "", "price-asc", "newest") },
);

/** A query string: known parameters and arbitrary ones, each maybe repeated. */
const query = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom("q", "sort", "page", "available", "min", "max", "category", "ref", "lang"), hostile), value), {
    maxLength: 5,
  })
  .map((pairs) => {
    const search = new URLSearchParams();
    for (const [k, v] of pairs) search.append(k, v);
    return { text: search.toString(), values: pairs.map(([, v]) => v) };
  });

/** A path segment: encoded arbitrary text, or raw bytes a client could put there (malformed escapes too). */
const segment = fc.oneof(
  { weight: 3, arbitrary: fc.oneof(hostile, xss).map((s) => ({ path: encodeURIComponent(s), payload: s })) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom("%", "%E0%A4%A", "%ZZ", "%00", "..%2F..%2Fetc%2Fpasswd", "a%2Fb", "%C0%AE%C0%AE", "%uD800", ";x", "a;b=c")
      .map((p) => ({ path: p, payload: "" })),
  },
);

const routes = (): fc.Arbitrary<{ path: string; payloads: string[] }> =>
  fc.oneof(
    query.map((q) => ({ path: `/search?${q.text}`, payloads: q.values })),
    fc
      .tuple(
        fc.oneof(
          fc.constantFrom(...slugs.categories).map((s) => ({ path: s, payload: "" })),
          segment,
        ),
        query,
      )
      .map(([s, q]) => ({ path: `/categories/${s.path}?${q.text}`, payloads: [s.payload, ...q.values] })),
    fc
      .tuple(
        fc.oneof(
          fc.constantFrom(...demoProducts.slice(0, 5).map((p) => p.slug)).map((s) => ({ path: s, payload: "" })),
          segment,
        ),
        query,
      )
      .map(([s, q]) => ({ path: `/products/${s.path}?${q.text}`, payloads: [s.payload, ...q.values] })),
    fc
      .tuple(
        fc.oneof(
          fc.constantFrom(...(slugs.collections.length ? slugs.collections : ["none"])).map((s) => ({ path: s, payload: "" })),
          segment,
        ),
        query,
      )
      .map(([s, q]) => ({ path: `/collections/${s.path}?${q.text}`, payloads: [s.payload, ...q.values] })),
    fc
      .tuple(
        fc.oneof(
          fc.constantFrom(...(slugs.pages.length ? slugs.pages : ["none"])).map((s) => ({ path: s, payload: "" })),
          segment,
        ),
        query,
      )
      .map(([s, q]) => ({ path: `/pages/${s.path}?${q.text}`, payloads: [s.payload, ...q.values] })),
    fc
      .tuple(fc.constantFrom("/school-supplies", "/games", "/jewellery", "/home-appliances", "/categories", "/"), query)
      .map(([p, q]) => ({ path: `${p}?${q.text}`, payloads: q.values })),
  );

// ---------- helpers ----------

async function get(path: string): Promise<{ status: number; type: string; body: string }> {
  const response = await fetch(`${server.baseURL}${path}`, { redirect: "manual", headers: { Accept: "text/html" } });
  return { status: response.status, type: response.headers.get("Content-Type") ?? "", body: await response.text() };
}

/** The payload's markup must not come back as markup: its `<` always escaped. */
function expectNotReflected(html: string, payloads: string[], label: string): void {
  for (const payload of payloads) {
    if (!/<[a-z/!]/i.test(payload)) continue;
    expect(html.includes(payload), `${label}: ${JSON.stringify(payload)} reflected unescaped`).toBe(false);
    for (const x of XSS) if (payload.includes(x)) expect(html.includes(x), `${label}: ${JSON.stringify(x)} reflected unescaped`).toBe(false);
  }
}

async function postOrder(body: string, contentType: string | null): Promise<{ status: number; type: string; text: string }> {
  // A same-origin call, as a browser on the shop's origin sends it (POST /api/orders refuses other sites).
  const headers: Record<string, string> = { "Sec-Fetch-Site": "same-origin" };
  if (contentType !== null) headers["Content-Type"] = contentType;
  const response = await fetch(`${server.baseURL}/api/orders`, { method: "POST", redirect: "manual", headers, body });
  return { status: response.status, type: response.headers.get("Content-Type") ?? "", text: await response.text() };
}

/**
 * A raw POST /api/orders that keeps the answer even when the server refuses before reading the
 * whole body (413 by Content-Length) and the rest of the upload then fails, as fetch would not.
 */
function rawPost(body: string, options: { contentLength?: number; chunked?: boolean } = {}): Promise<{ status: number; type: string; text: string }> {
  const contentLength = options.contentLength ?? Buffer.byteLength(body);
  const headers: Record<string, string> = { "Content-Type": "application/json", "Sec-Fetch-Site": "same-origin" };
  if (options.chunked) headers["Transfer-Encoding"] = "chunked";
  else headers["Content-Length"] = String(contentLength);
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = httpRequest(
      `${server.baseURL}/api/orders`,
      // A connection of its own: a refused upload leaves its connection unusable for the next request.
      { method: "POST", headers, agent: false },
      (res) => {
        answered = true;
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"] ?? ""), text }));
        res.on("error", () => resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"] ?? ""), text }));
      },
    );
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    // Over the limit by Content-Length, only the start is sent: the server must answer without the rest.
    if (options.chunked || contentLength <= 70_000) req.end(body);
    else req.write(body.slice(0, 70_000));
  });
}

function expectOrderAnswer(answer: { status: number; type: string; text: string }, label: string): void {
  expect(answer.status, `${label}: ${answer.text.slice(0, 300)}`).toBeLessThan(500);
  expect(answer.type, label).toContain("application/json");
  const json = JSON.parse(answer.text) as Record<string, unknown>;
  if (answer.status === 201) {
    expect(json, label).toMatchObject({ orderNumber: expect.any(String), total: expect.any(Number), status: "new" });
    return;
  }
  expect(answer.status, label).toBeGreaterThanOrEqual(400);
  const error = json.error as { code: unknown; message: unknown; fields: unknown };
  expect(Object.keys(error).sort(), label).toEqual(["code", "fields", "message"]);
  expect(typeof error.code, label).toBe("string");
  expect(typeof error.message, label).toBe("string");
  expect(typeof error.fields === "object" && error.fields !== null && !Array.isArray(error.fields), label).toBe(true);
}

const toy = demoProducts.find((p) => !p.variants && p.inStock && p.stockQuantity >= 50)!;
let phones = 0;
const validOrder = () => ({
  source: "cart_page",
  customer: { firstName: "Amine", lastName: "Benali", phone: `05${String(++phones).padStart(8, "0")}`, wilayaCode: "16" },
  items: [{ productId: toy.id, quantity: 1 }],
});

const contentType = fc.constantFrom<string | null>(
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/xml",
  "",
  null,
);
const rawBody = fc.oneof(
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 200 }) },
  { weight: 2, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v) ?? "null") },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "",
      "null",
      "[]",
      "[null]",
      "{}",
      "true",
      "0",
      '"x"',
      "{",
      '{"source":',
      "\uFEFF{}",
      "email=a&password=b",
      "<html>",
      "NaN",
      "1e999",
    ),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.constantFrom("source", "customer", "items", "deliveryType", "website", "__proto__", "constructor"), fc.jsonValue({ maxDepth: 2 }))
      .map(([key, v]) => {
        const body = validOrder() as Record<string, unknown>;
        return `{"__proto__":{"polluted":1},${JSON.stringify(body).slice(1, -1)},${JSON.stringify(key)}:${JSON.stringify(v) ?? "null"}}`;
      }),
  },
  { weight: 2, arbitrary: fc.constant(null).map(() => JSON.stringify(validOrder())) },
);

describe("POST /api/orders with arbitrary bodies (property-based)", () => {
  it("answers 201 or a 4xx JSON error, never a 5xx or an HTML page", async () => {
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(rawBody, contentType, async (body, type) => {
        const answer = await postOrder(body, type);
        seen.add(answer.status);
        expectOrderAnswer(answer, `${type} ${JSON.stringify(body).slice(0, 200)}`);
        // Only application/json is read: any other type (which a browser sends cross-site without a preflight) is 415.
        if (type === null || type.split(";")[0]!.trim().toLowerCase() !== "application/json") expect(answer.status, String(type)).toBe(415);
      }),
      params(200),
    );
    expect(seen.has(201)).toBe(true);
    expect([...seen].some((s) => s >= 400)).toBe(true);
  });

  it("answers huge bodies, near and over the limit, with a 4xx JSON error", async () => {
    const padded = (bytes: number) => {
      const body = JSON.stringify({ ...validOrder(), note: "" });
      return body.replace('"note":""', `"note":"${"a".repeat(Math.max(0, bytes - body.length))}"`);
    };
    // Near the limit: an ordinary order with padding is still read (and accepted).
    const near = await postOrder(padded(60_000), "application/json");
    expectOrderAnswer(near, "60 kB");
    expect(near.status).toBe(201);
    const chunked = await rawPost(padded(1_000_000), { chunked: true });
    expectOrderAnswer(chunked, "1 MB chunked");
    expect(chunked.status).toBe(413);
    for (const bytes of [70_000, 1_000_000]) {
      const answer = await rawPost(padded(bytes));
      expectOrderAnswer(answer, `${bytes} bytes`);
      expect(answer.status, `${bytes} bytes`).toBe(413);
    }
    // 100 MB announced: refused by its Content-Length before a byte of it is read.
    const announced = await rawPost("{", { contentLength: 100_000_000 });
    expectOrderAnswer(announced, "100 MB announced");
    expect(announced.status).toBe(413);
    // Deep nesting and wide arrays.
    expectOrderAnswer(await postOrder(`${"[".repeat(20_000)}${"]".repeat(20_000)}`, "application/json"), "deep");
    const wide = await rawPost(JSON.stringify({ ...validOrder(), items: Array.from({ length: 5_000 }, () => ({ productId: toy.id, quantity: 1 })) }));
    expectOrderAnswer(wide, "wide");
    expect(wide.status).toBe(413);
    const wideButSmall = await postOrder(
      JSON.stringify({ ...validOrder(), items: Array.from({ length: 500 }, () => ({ productId: toy.id, quantity: 1 })) }),
      "application/json",
    );
    expectOrderAnswer(wideButSmall, "500 lines");
    expect(wideButSmall.status).toBe(422);
  });
});

describe("storefront routes with arbitrary query parameters and path segments (property-based)", () => {
  it("never answer 5xx and never reflect markup unescaped", async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(routes(), async ({ path, payloads }) => {
        const answer = await get(path);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        expect(answer.status, `${path}\n${answer.body.slice(0, 500)}`).toBeLessThan(500);
        expectNotReflected(answer.body, payloads, path);
      }),
      params(300),
    );
    expect(statuses.get(200) ?? 0).toBeGreaterThan(30);
  });

  it("escape markup in the search box, the title and the structured data", async () => {
    for (const payload of XSS) {
      const answer = await get(`/search?q=${encodeURIComponent(payload)}`);
      expect(answer.status).toBe(200);
      expect(answer.body).not.toContain(payload);
      // The escaped form is what the page shows.
      expect(answer.body).toContain(
        payload
          .replaceAll("&", "&amp;")
          .replaceAll("<", "&lt;")
          .replaceAll(">", "&gt;")
          .replaceAll('"', "&quot;")
          .replaceAll("'", "&#x27;")
          .slice(0, 12),
      );
    }
  });

  it("the server logged no error while being probed", () => {
    expect(server.output()).not.toMatch(/"level":(50|60)/);
  });
});
