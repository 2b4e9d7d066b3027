import { describe, expect, it } from "vitest";
import { CacheTally, cacheStateOf, clickId, formatCacheTally, landingPicker, parseRouteMap, sample, seededRandom, type RouteMap } from "./landings";

describe("parseRouteMap", () => {
  it("reads a shop's home, products and categories, dropping repeats", () => {
    const map = parseRouteMap(
      JSON.stringify({ home: "/en/", products: ["/product/a", "/product/b", "/product/a"], categories: ["/category/x?sort=new"] }),
    );
    expect(map).toEqual({ home: "/en/", products: ["/product/a", "/product/b"], categories: ["/category/x?sort=new"] });
  });

  it("defaults the home to / and the categories to none", () => {
    expect(parseRouteMap('{"products": ["/p/1"]}')).toEqual({ home: "/", products: ["/p/1"], categories: [] });
  });

  it("refuses what would load another origin or nothing at all, naming the file", () => {
    expect(() => parseRouteMap("{", "peer.json")).toThrow(/^peer\.json: not JSON/);
    expect(() => parseRouteMap("[]", "peer.json")).toThrow(/peer\.json: expected an object/);
    expect(() => parseRouteMap('{"products": []}')).toThrow(/"products" lists no path/);
    expect(() => parseRouteMap('{"categories": ["/c"]}')).toThrow(/"products" lists no path/);
    expect(() => parseRouteMap('{"products": ["http://elsewhere.example/p"]}')).toThrow(/"products" holds "http:\/\/elsewhere/);
    expect(() => parseRouteMap('{"products": ["//elsewhere.example/p"]}')).toThrow(/not a path/);
    expect(() => parseRouteMap('{"products": ["/p"], "categories": "/c"}')).toThrow(/"categories" must be an array/);
    expect(() => parseRouteMap('{"products": ["/p"], "home": 1}')).toThrow(/"home" must be a path/);
    expect(() => parseRouteMap('{"products": ["/p"], "product": ["/q"]}')).toThrow(/unknown key product/);
  });
});

describe("landingPicker", () => {
  const map: RouteMap = {
    home: "/",
    products: Array.from({ length: 50 }, (_, i) => `/products/p-${i}`),
    categories: ["/categories/kitchen", "/categories/phones?sort=new"],
  };

  it("lands on random products, about one in ten on a category, each with a fresh fbclid", () => {
    const pick = landingPicker(map, seededRandom(7));
    const landings = Array.from({ length: 5_000 }, pick);
    const categories = landings.filter((l) => l.kind === "category");
    expect(categories.length / landings.length).toBeGreaterThan(0.08);
    expect(categories.length / landings.length).toBeLessThan(0.12);
    for (const landing of landings) {
      const url = new URL(landing.path, "http://shop.test");
      const pages = landing.kind === "category" ? map.categories : map.products;
      expect(pages.some((page) => landing.path.startsWith(page))).toBe(true);
      expect(url.searchParams.get("fbclid")).toMatch(/^IwAR[A-Za-z0-9_-]{40}$/);
    }
    // Every click its own id, and the products spread over the whole map.
    expect(new Set(landings.map((l) => new URL(l.path, "http://shop.test").searchParams.get("fbclid"))).size).toBe(landings.length);
    expect(new Set(landings.filter((l) => l.kind === "product").map((l) => l.path.split("?")[0])).size).toBe(map.products.length);
  });

  it("tags about a third of the links with utm_source, utm_medium and utm_campaign, and keeps a path's own query", () => {
    const landings = Array.from({ length: 3_000 }, landingPicker(map, seededRandom(11)));
    const tagged = landings.filter((l) => l.path.includes("utm_source="));
    expect(tagged.length / landings.length).toBeGreaterThan(0.25);
    expect(tagged.length / landings.length).toBeLessThan(0.35);
    for (const landing of tagged) {
      const query = new URL(landing.path, "http://shop.test").searchParams;
      expect(["facebook", "instagram"]).toContain(query.get("utm_source"));
      expect(query.get("utm_medium")).toBe("paid");
      expect(query.get("utm_campaign")).toMatch(/^bench-\d+$/);
    }
    const onPhones = landings.find((l) => l.path.startsWith("/categories/phones"));
    expect(onPhones?.path).toMatch(/^\/categories\/phones\?sort=new&fbclid=/);
  });

  it("lands only on products when the map has no category, and follows the mix it is given", () => {
    const productsOnly = landingPicker({ ...map, categories: [] }, seededRandom(3));
    expect(Array.from({ length: 500 }, productsOnly).every((l) => l.kind === "product")).toBe(true);
    const allCategories = landingPicker(map, seededRandom(3), { categoryShare: 1, utmShare: 0 });
    const landings = Array.from({ length: 100 }, allCategories);
    expect(landings.every((l) => l.kind === "category" && !l.path.includes("utm_"))).toBe(true);
  });
});

describe("sample", () => {
  it("picks that many distinct items, the same ones for the same seed", () => {
    const items = Array.from({ length: 100 }, (_, i) => i);
    const picked = sample(items, 10, seededRandom(5));
    expect(new Set(picked).size).toBe(10);
    expect(picked.every((n) => items.includes(n))).toBe(true);
    expect(sample(items, 10, seededRandom(5))).toEqual(picked);
    expect(sample(items, 200, seededRandom(5))).toEqual(items);
  });
});

describe("clickId", () => {
  it("is shaped like Meta's fbclid and differs from call to call", () => {
    const random = seededRandom(1);
    const a = clickId(random);
    expect(a).toMatch(/^IwAR[A-Za-z0-9_-]{40}$/);
    expect(clickId(random)).not.toBe(a);
  });
});

describe("cacheStateOf and CacheTally", () => {
  it("reads X-Cache whatever the case of its name, and counts a missing or unknown value as none", () => {
    expect(cacheStateOf({ "X-Cache": "HIT" })).toBe("HIT");
    expect(cacheStateOf({ "x-cache": "stale" })).toBe("STALE");
    expect(cacheStateOf({ "X-CACHE": ["MISS", "HIT"] })).toBe("MISS");
    expect(cacheStateOf({ "x-cache": "BYPASS" })).toBe("BYPASS");
    expect(cacheStateOf({ "content-type": "text/html" })).toBe("none");
    expect(cacheStateOf({ "x-cache": "TCP_HIT from proxy" })).toBe("none");
  });

  it("counts HIT and STALE as served from the cache, over every response", () => {
    const tally = new CacheTally();
    for (const state of ["HIT", "HIT", "HIT", "STALE", "MISS", "MISS", "BYPASS", "none"] as const) tally.add(state);
    expect(tally.total).toBe(8);
    expect(tally.hitRatio()).toBe(0.5);
    expect(new CacheTally().hitRatio()).toBeNaN();
    expect(formatCacheTally(tally)).toBe("hit ratio 50.0 % (HIT + STALE of 8 responses): HIT 3, STALE 1, MISS 2, BYPASS 1, no X-Cache 1");
  });

  it("adds up the runs", () => {
    const a = new CacheTally();
    a.add("HIT");
    const b = new CacheTally();
    b.add("MISS");
    b.add("MISS");
    b.add("HIT");
    expect(a.merge(b).counts).toEqual({ HIT: 2, STALE: 0, MISS: 2, BYPASS: 0, none: 0 });
    expect(formatCacheTally(a)).toBe("hit ratio 50.0 % (HIT + STALE of 4 responses): HIT 2, STALE 0, MISS 2, BYPASS 0");
  });
});
