import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import { jewelleryCatalogue } from "~/data/jewellery-catalogue";
import { bundleLine, isBundleId, JEWELLERY_CATEGORY } from "~/lib/jewellery";
import { MAX_ORDER_QUANTITY, ORDER_SOURCES } from "~/lib/order-request";
import { logger } from "~/server/logger.server";
import { placeOrder, type OrderSettings, type PlaceOrderResult } from "~/server/orders/order.service.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/*
 * Property-based tests of the order service: whatever the body, placeOrder answers
 * 201 or a 4xx with the documented error shape and never throws; a refused body stores nothing;
 * a stored order's total is the database's prices plus the wilaya's delivery (or the jewellery
 * bundle's price), and Object.prototype is never touched. fast-check prints the seed and the
 * shrunk counterexample of a failure; with CI=true the runs are seeded, so a failure repeats.
 */

const FC_SEED = process.env.CI === "true" ? 0x50_0b_11 : undefined;
const params = (numRuns: number): fc.Parameters<unknown> => ({ numRuns, seed: FC_SEED, endOnFailure: true });

let t: TestDatabase;
let logLevel: string;
beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  // Hundreds of "order placed" and "honeypot" lines would bury a failure's report.
  logLevel = logger.level;
  logger.level = "error";
});
afterAll(async () => {
  logger.level = logLevel;
  await t.destroy();
});

/** Generous limits: the properties are not about them. */
const open: OrderSettings = { perIp: { limit: 1_000_000, windowSeconds: 600 }, perPhone: { limit: 1_000_000, windowSeconds: 3600 } };

// Enough stock for any well-formed order below: up to 4 lines of 2, or 3 lines of 3, of one product
// (a product with 6 left refused an order of 7, a counterexample a random seed found).
const inStock = demoProducts.filter((p) => !p.variants && p.inStock && p.stockQuantity >= 10);
const soldOut = demoProducts.filter((p) => !p.inStock).slice(0, 2);
const jewels = jewelleryCatalogue.filter((item) => item.stockQuantity >= 3).map((item) => item.productId);
const knownIds = [...inStock.slice(0, 6).map((p) => p.id), ...soldOut.map((p) => p.id), ...jewels.slice(0, 3)];

// ---------- arbitraries ----------

const PROTO_KEYS = ["__proto__", "constructor", "prototype"] as const;

/** Strings a hostile client sends: RTL and zero-width marks, emoji, NUL, markup, SQL, huge. */
const nasty = fc.constantFrom(
  "\u200F",
  "\u200B",
  "\u202E",
  "\uFEFF",
  "\u0000",
  "😀",
  "👨‍👩‍👧",
  "\uD800",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "' OR 1=1; --",
  "%00",
  "\r\n",
  "\t",
  "ا",
  "٠٦٦١",
);
const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }) },
  { weight: 2, arbitrary: fc.array(fc.oneof(nasty, fc.string({ maxLength: 5 })), { maxLength: 8 }).map((parts) => parts.join("")) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom("a", "ب", "😀", "\u200B", "\u0000"), fc.integer({ min: 50, max: 200_000 })).map(([c, n]) => c.repeat(n)),
  },
);
/** A text field: often a plausible value (so the body can get further), often hostile. */
const text = (plausible: fc.Arbitrary<string>) =>
  fc.oneof({ weight: 3, arbitrary: plausible }, { weight: 2, arbitrary: hostileString }, { weight: 1, arbitrary: fc.jsonValue() });

const name = fc.oneof(
  fc.constantFrom("Amine", "أمين", "Nadia Belkacem", "بن علي"),
  fc.tuple(fc.constantFrom("\u200F", "\u200B", "😀", " ", ""), fc.constantFrom("Amine", "سارة")).map(([mark, n]) => `${mark}${n}${mark}`),
);
const phone = fc.oneof(
  fc.tuple(fc.constantFrom("05", "06", "07"), fc.integer({ min: 0, max: 99_999_999 })).map(([p, n]) => `${p}${String(n).padStart(8, "0")}`),
  fc.integer({ min: 0, max: 99_999_999 }).map((n) => `+213 6${String(n).padStart(8, "0")}`),
);
const wilaya = fc.constantFrom("16", "31", "01", "58", "99", "00", "6", "016", " 16 ");
const quantity = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 4 }) },
  { weight: 2, arbitrary: fc.integer({ min: -10, max: 150 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(
      0,
      -0,
      1.5,
      1e-9,
      99,
      100,
      1e308,
      -1e308,
      Number.MAX_SAFE_INTEGER,
      2 ** 53 + 2,
      "2",
      "NaN",
      "Infinity",
      null,
      true,
      [],
      {},
    ),
  },
  { weight: 1, arbitrary: fc.double() },
);
const productId = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...knownIds) },
  { weight: 1, arbitrary: fc.constantFrom(...knownIds).map((id) => ` ${id}\u200B`) },
  { weight: 1, arbitrary: fc.constantFrom("p0000000000000", "", " ", "x".repeat(65), "' OR 1=1 --", "\u0000", "%", "_") },
  { weight: 1, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.jsonValue() },
);
const line = fc.oneof(
  { weight: 6, arbitrary: fc.record({ productId, quantity }) },
  { weight: 1, arbitrary: fc.record({ productId, quantity, price: fc.integer(), title: hostileString }, { requiredKeys: ["productId"] }) },
  { weight: 1, arbitrary: fc.jsonValue() },
);
/** Lines, with duplicates now and then (the same line repeated). */
const items = fc.oneof(
  { weight: 6, arbitrary: fc.array(line, { minLength: 1, maxLength: 4 }) },
  { weight: 1, arbitrary: fc.tuple(line, fc.integer({ min: 2, max: 60 })).map(([l, n]) => Array.from({ length: n }, () => l)) },
  { weight: 1, arbitrary: fc.jsonValue() },
);

/** A body shaped like an order: each field plausible, hostile, absent or of the wrong type. */
const orderLike = fc.record(
  {
    source: fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...ORDER_SOURCES) }, { weight: 1, arbitrary: text(fc.constant("cart_page")) }),
    customer: fc.oneof(
      {
        weight: 8,
        arbitrary: fc.record(
          {
            firstName: text(name),
            lastName: text(name),
            phone: text(phone),
            wilayaCode: text(wilaya),
            communeCode: text(fc.constantFrom("1601", "3101", "9999", "", "16011")),
            address: text(fc.constantFrom("12 rue Didouche Mourad", "حي 500 مسكن", "")),
            email: text(fc.constantFrom("nadia@example.dz", "not-an-email", "a@b.c")),
          },
          { requiredKeys: ["firstName", "lastName", "phone", "wilayaCode"] },
        ),
      },
      { weight: 1, arbitrary: fc.jsonValue() },
    ),
    items,
    deliveryType: text(fc.constantFrom("home", "stop_desk", "drone")),
    bundle: text(fc.constantFrom("single", "double", "triple", "quadruple")),
    ref: text(fc.constantFrom("insta-summer", "")),
    website: fc.constantFrom<unknown>("", " ", "http://spam.example", 0, null),
    total: fc.integer(),
    itemsTotal: fc.integer(),
  },
  { requiredKeys: ["source", "customer", "items"] },
);

/** A well-formed order (valid in every field, with hostile-but-legal text): must be accepted. */
const wellFormed = fc.record({
  source: fc.constantFrom("cart_page", "quick_buy_cart", "contact_form", "quick_buy_product_card"),
  customer: fc.record({
    firstName: name,
    lastName: name,
    phone,
    wilayaCode: fc.constantFrom("16", "31", "01"),
  }),
  items: fc.array(fc.record({ productId: fc.constantFrom(...inStock.slice(0, 6).map((p) => p.id)), quantity: fc.integer({ min: 1, max: 2 }) }), {
    minLength: 1,
    maxLength: 4,
  }),
});

/** A valid order of any source (the jewellery one with its bundle and email, product_detail with an address). */
const validOrder = fc.oneof(
  wellFormed.chain((body) =>
    fc
      .record({ deliveryType: fc.constantFrom("home", "stop_desk"), address: fc.constantFrom("12 rue Didouche Mourad", "حي 500 مسكن\u200F") })
      .map(({ deliveryType, address }) => ({
        ...body,
        deliveryType,
        customer: { ...body.customer, address },
      })),
  ),
  fc
    .record({
      lines: fc.array(fc.record({ productId: fc.constantFrom(...inStock.slice(0, 6).map((p) => p.id)), quantity: fc.integer({ min: 1, max: 3 }) }), {
        minLength: 1,
        maxLength: 3,
      }),
      customer: wellFormed,
    })
    .map(({ lines, customer }) => ({ source: "product_detail", customer: { ...customer.customer, address: "Cité 5 Juillet" }, items: lines })),
  fc
    .record({
      productId: fc.constantFrom(...jewels),
      bundle: fc.constantFrom("single", "double", "triple"),
      customer: wellFormed,
      quantity: fc.integer({ min: 1, max: 3 }),
    })
    .map(({ productId, bundle, customer, quantity }) => ({
      source: "jewellery",
      bundle,
      customer: { ...customer.customer, email: "nadia@example.dz" },
      items: [{ productId, quantity }],
    })),
);

/** Where a mutation lands in an order body. */
const MUTATION_PATHS = [
  "source",
  "customer",
  "customer.firstName",
  "customer.lastName",
  "customer.phone",
  "customer.wilayaCode",
  "customer.communeCode",
  "customer.address",
  "customer.email",
  "items",
  "items.0",
  "items.0.productId",
  "items.0.quantity",
  "items.1",
  "deliveryType",
  "bundle",
  "ref",
  "website",
] as const;
const replacement = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 2, arbitrary: quantity },
  { weight: 2, arbitrary: productId },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

function setAt(target: unknown, path: string, value: unknown): void {
  const keys = path.split(".");
  let node = target as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    if (typeof next !== "object" || next === null) return;
    node = next as Record<string, unknown>;
  }
  const last = keys.at(-1)!;
  if (value === undefined) delete node[last];
  else node[last] = value;
}

/** A valid order with zero to three of its fields replaced by hostile values (or removed). */
const mutatedOrder = fc
  .tuple(validOrder, fc.array(fc.tuple(fc.constantFrom(...MUTATION_PATHS), replacement), { maxLength: 3 }))
  .map(([body, mutations]) => {
    const copy = structuredClone(body) as unknown;
    for (const [path, value] of mutations) setAt(copy, path, value);
    return copy;
  });

/**
 * A JSON text of `value` with the prototype-pollution keys added to every object (so that
 * JSON.parse makes them own properties, as a request body would), or the plain JSON.
 */
function toJson(value: unknown, pollute: readonly string[]): string {
  if (value === undefined) return "null";
  if (Array.isArray(value)) return `[${Array.from(value, (v) => toJson(v, pollute)).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${toJson(v, pollute)}`);
    const poison = pollute.map((k) => `${JSON.stringify(k)}:{"polluted":"yes","isAdmin":true,"prototype":{"polluted":"yes"},"toString":"x"}`);
    return `{${[...poison, ...entries].join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

const pollution = fc.subarray([...PROTO_KEYS]);

/** Any body a client can send: order-shaped, any JSON, any JavaScript value (as a body reader might hand over). */
const anyBody = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(mutatedOrder, pollution).map(([body, keys]) => JSON.parse(toJson(body, keys)) as unknown) },
  { weight: 3, arbitrary: fc.tuple(orderLike, pollution).map(([body, keys]) => JSON.parse(toJson(body, keys)) as unknown) },
  { weight: 1, arbitrary: fc.tuple(fc.jsonValue(), pollution).map(([body, keys]) => JSON.parse(toJson(body, keys)) as unknown) },
  { weight: 1, arbitrary: fc.anything({ withNullPrototype: true, withObjectString: true, withBoxedValues: true, withSparseArray: true }) },
);

// ---------- the oracle ----------

const prototypeNames = Object.getOwnPropertyNames(Object.prototype).sort();

function expectPrototypeIntact(): void {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeNames);
  const probe = {} as Record<string, unknown>;
  expect(probe.polluted).toBeUndefined();
  expect(probe.isAdmin).toBeUndefined();
  expect(typeof probe.toString).toBe("function");
}

async function orderCount(): Promise<number> {
  const row = await t.db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

let phones = 0;
/** A body with a phone of its own: the per-phone limit and idempotency never link two runs. */
function withFreshPhone(body: unknown): unknown {
  if (typeof body !== "object" || body === null) return body;
  const customer = (body as { customer?: unknown }).customer;
  if (typeof customer !== "object" || customer === null || Array.isArray(customer)) return body;
  const current = (customer as { phone?: unknown }).phone;
  if (typeof current !== "string" || !/^(\+213 6|0[567])\d{8}$/.test(current)) return body;
  phones += 1;
  (customer as { phone: string }).phone = `07${String(phones).padStart(8, "0")}`;
  return body;
}

/** The expected lines of a stored order, computed from the body as sent and the database's prices. */
async function expectedTotals(body: Record<string, unknown>): Promise<{ itemsTotal: number; deliveryPrice: number; lines: Map<string, number> }> {
  const source = body.source as string;
  const rawItems = body.items as { productId: string; quantity: number }[];
  const lines = new Map<string, number>();
  for (const item of rawItems) {
    const id = item.productId.trim();
    lines.set(id, Math.min(MAX_ORDER_QUANTITY, (lines.get(id) ?? 0) + item.quantity));
  }
  const customer = body.customer as { wilayaCode: string };
  const wilaya = await t.db
    .selectFrom("wilayas")
    .select(["home_price", "stop_desk_price"])
    .where("code", "=", customer.wilayaCode.trim())
    .executeTakeFirstOrThrow();
  const type = typeof body.deliveryType === "string" && body.deliveryType.trim() === "stop_desk" ? "stop_desk" : "home";
  const deliveryPrice = type === "stop_desk" ? wilaya.stop_desk_price! : wilaya.home_price;
  if (source === "jewellery") {
    const bundle = (body.bundle as string).trim();
    if (!isBundleId(bundle)) throw new Error(`a jewellery order was accepted with bundle ${JSON.stringify(body.bundle)}`);
    const [id] = [...lines.keys()];
    // The bundle's price comes from the piece's own price.
    const piece = await t.db.selectFrom("products").select(["price", "compare_at_price"]).where("id", "=", id!).executeTakeFirstOrThrow();
    const priced = bundleLine(bundle, { price: piece.price, compareAtPrice: piece.compare_at_price });
    return { itemsTotal: priced.lineTotal, deliveryPrice, lines: new Map([[id!, priced.quantity]]) };
  }
  const products = await t.db
    .selectFrom("products")
    .select(["id", "price", "category"])
    .where("id", "in", [...lines.keys()])
    .execute();
  const price = new Map(products.map((p) => [p.id, p.price]));
  let itemsTotal = 0;
  for (const [id, qty] of lines) {
    if (!price.has(id)) throw new Error(`an order was accepted with the unknown product ${JSON.stringify(id)}`);
    itemsTotal += price.get(id)! * qty;
  }
  return { itemsTotal, deliveryPrice, lines };
}

/** Checks one answer of placeOrder against the database; `before` is the order count before the call. */
async function checkAnswer(body: unknown, result: PlaceOrderResult, before: number): Promise<void> {
  const after = await orderCount();
  if (!result.ok) {
    expect([400, 422, 429]).toContain(result.status);
    expect(Object.keys(result.error).sort()).toEqual(["code", "fields", "message"]);
    expect(typeof result.error.code).toBe("string");
    expect(result.error.code).toMatch(/^[a-z_]+$/);
    expect(typeof result.error.message).toBe("string");
    expect(result.error.message.length).toBeGreaterThan(0);
    // No untranslated i18n key as the message.
    expect(result.error.message).not.toMatch(/^orders\./);
    expect(Object.getPrototypeOf(result.error.fields)).toBe(Object.prototype);
    for (const [field, message] of Object.entries(result.error.fields)) {
      expect(typeof field).toBe("string");
      expect(typeof message).toBe("string");
    }
    expect(after, "a refused body stored an order").toBe(before);
    return;
  }
  expect(result.status).toBe(201);
  expect(result.replayed).toBe(false);
  expect(after, "a 201 stored exactly one order").toBe(before + 1);
  const stored = await t.db
    .selectFrom("orders")
    .select(["id", "items_total", "delivery_price", "total", "source", "bundle"])
    .where("order_number", "=", result.order.orderNumber)
    .executeTakeFirstOrThrow();
  const storedLines = await t.db
    .selectFrom("order_items")
    .select(["product_id", "quantity", "line_total"])
    .where("order_id", "=", stored.id)
    .execute();
  const expected = await expectedTotals(body as Record<string, unknown>);
  expect(stored.items_total).toBe(expected.itemsTotal);
  expect(stored.delivery_price).toBe(expected.deliveryPrice);
  expect(stored.total).toBe(expected.itemsTotal + expected.deliveryPrice);
  expect(storedLines.reduce((sum, l) => sum + l.line_total, 0)).toBe(stored.items_total);
  expect(new Map(storedLines.map((l) => [l.product_id, l.quantity]))).toEqual(expected.lines);
  if (stored.source === "jewellery") {
    const category = await t.db.selectFrom("products").select("category").where("id", "=", storedLines[0]!.product_id).executeTakeFirstOrThrow();
    expect(category.category).toBe(JEWELLERY_CATEGORY);
  }
  expect(result.order).toEqual({
    orderNumber: result.order.orderNumber,
    itemsTotal: stored.items_total,
    deliveryPrice: stored.delivery_price,
    total: stored.total,
    status: "new",
  });
}

async function placeAndCheck(body: unknown, language: "ar" | "fr" | "en" = "ar"): Promise<PlaceOrderResult> {
  const before = await orderCount();
  let result: PlaceOrderResult;
  try {
    result = await placeOrder(t.db, body, { ip: "198.51.100.7", language }, open);
  } catch (error) {
    throw new Error(`placeOrder threw: ${String(error)}`, { cause: error });
  }
  await checkAnswer(body, result, before);
  expectPrototypeIntact();
  return result;
}

describe("placeOrder with arbitrary bodies (property-based)", () => {
  it("answers 201 or a 4xx error shape, stores nothing on refusal and the database's total on success", async () => {
    const outcomes = { created: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(anyBody, fc.constantFrom("ar" as const, "fr" as const, "en" as const), async (body, language) => {
        const result = await placeAndCheck(withFreshPhone(body), language);
        outcomes[result.ok ? "created" : "refused"] += 1;
      }),
      params(250),
    );
    console.info(`placeOrder properties: ${outcomes.created} created, ${outcomes.refused} refused`);
    // The generator reaches both sides (else the property proves little).
    expect(outcomes.created).toBeGreaterThan(15);
    expect(outcomes.refused).toBeGreaterThan(50);
  });

  it("accepts every well-formed order, whatever Unicode marks its names carry and whatever pollution keys it holds", async () => {
    await fc.assert(
      fc.asyncProperty(wellFormed, pollution, async (body, keys) => {
        const parsed = withFreshPhone(JSON.parse(toJson(body, keys)));
        const result = await placeAndCheck(parsed);
        expect(result.ok, JSON.stringify(result)).toBe(true);
      }),
      params(100),
    );
  });

  it("keeps the same answers for regression examples found by the properties", async () => {
    const base = () => ({
      source: "cart_page",
      customer: { firstName: "Amine", lastName: "Benali", phone: `07${String(++phones).padStart(8, "0")}`, wilayaCode: "16" },
      items: [{ productId: inStock[0]!.id, quantity: 1 }],
    });
    // Own `__proto__` keys at every level, with the order otherwise valid: accepted, nothing polluted.
    const polluted = JSON.parse(toJson(base(), PROTO_KEYS));
    expect((await placeAndCheck(polluted)).ok).toBe(true);
    // A NUL in a stored text (refused by PostgreSQL's text type) is refused as a field, not a 500.
    for (const [path, value] of [
      ["firstName", "Am\u0000ine"],
      ["address", "rue\u0000"],
      ["email", "a\u0000@b.dz"],
    ] as const) {
      const body = base();
      (body.customer as Record<string, string>)[path] = value;
      const result = await placeAndCheck(body);
      expect(result.ok, path).toBe(false);
    }
    const nulRef = { ...base(), ref: "x\u0000y" };
    expect((await placeAndCheck(nulRef)).ok).toBe(false);
    const nulProduct = { ...base(), items: [{ productId: "p\u0000", quantity: 1 }] };
    expect((await placeAndCheck(nulProduct)).ok).toBe(false);
    // A lone surrogate (not valid UTF-8) is refused the same way.
    const surrogate = base();
    surrogate.customer.firstName = "A\uD800";
    expect((await placeAndCheck(surrogate)).ok).toBe(false);
  });
});
