import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Kysely } from "kysely";
import type { Database } from "~/server/db/database.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// The product loader reads the process-wide database (getDb): point it at this file's test database.
let db: Kysely<Database>;
vi.mock("~/server/db/connection.server", () => ({
  getDb: () => db,
  getDatabase: () => ({ db, dialect: "sqlite", close: async () => {} }),
  closeDatabase: async () => {},
}));

const product = await import("~/routes/shop/product");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  db = t.db;
});
afterAll(async () => {
  await t.destroy();
});

type AnyLoader = (args: { request: Request; params: Record<string, string>; context: unknown }) => Promise<unknown>;

/** The product page's loader on an address: the selection it read, the canonical path and the variants. */
async function load(slug: string, query = "") {
  const result = (await (product.loader as unknown as AnyLoader)({
    request: new Request(`http://shop.test/products/${slug}${query}`),
    params: { slug },
    context: {},
  })) as {
    data: {
      view: { selection: [number, number][]; price: number; imageIds: number[] };
      seo: { path: string };
      product: {
        variants: {
          options: { id: number; values: { id: number; names: { en: string } }[] }[];
          variants: { id: number; sku: string; valueIds: number[] }[];
        };
      };
    };
  };
  return result.data;
}

describe("the product page's choice from its address", () => {
  it("reads ?variant= as the variant's values and shows it, keeps the product's canonical address", async () => {
    const plain = await load("sport-remote-control-car");
    expect(plain.view.selection).toEqual([]);
    const blue = plain.product.variants.variants.find((v) => v.sku === "TOY-001-BLU")!;
    const colour = plain.product.variants.options[0]!;
    const chosen = await load("sport-remote-control-car", `?variant=${blue.id}`);
    expect(chosen.view.selection).toEqual([[colour.id, blue.valueIds[0]]]);
    // The server's page shows the blue car's price and picture first.
    expect(chosen.view.price).toBe(4900);
    expect(chosen.view.imageIds[0]).not.toBe(plain.view.imageIds[0]);
    expect(chosen.seo.path).toBe("/products/sport-remote-control-car");
  });

  it("reads o<option>=<value> pairs (the pickers' links without JavaScript) and ignores unknown ones", async () => {
    const { product: loaded } = await load("twisted-band-ring");
    const size = loaded.variants.options[0]!;
    const size56 = size.values.find((value) => value.names.en === "56")!;
    expect((await load("twisted-band-ring", `?o${size.id}=${size56.id}`)).view.selection).toEqual([[size.id, size56.id]]);
    expect((await load("twisted-band-ring", `?o${size.id}=999999&o999999=1&variant=abc`)).view.selection).toEqual([]);
    // Another product's variant is not this one's.
    const car = await load("sport-remote-control-car");
    expect((await load("twisted-band-ring", `?variant=${car.product.variants.variants[0]!.id}`)).view.selection).toEqual([]);
  });
});
