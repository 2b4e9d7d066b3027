import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { pageAddress } from "./page-query.server";

type Routes = ServerBuild["routes"];

function routes(definitions: Array<{ id: string; parentId?: string; path?: string; index?: boolean; query?: string[] }>): Routes {
  return Object.fromEntries(
    definitions.map(({ query, ...route }) => [route.id, { ...route, module: query ? { handle: { query } } : {} }]),
  ) as unknown as Routes;
}

const build = routes([
  { id: "root", path: "" },
  { id: "home", parentId: "root", index: true },
  { id: "category", parentId: "root", path: "categories/:slug", query: ["sort", "page"] },
  { id: "search", parentId: "root", path: "search", query: ["q", "sort", "page"] },
  { id: "product", parentId: "root", path: "products/:slug" },
  { id: "not-found", parentId: "root", path: "*" },
]);

describe("pageAddress", () => {
  const address = pageAddress(build);
  const of = (url: string) => address(new URL(url));

  it("drops marketing and junk parameters: one address per page for every ad click", () => {
    expect(of("http://shop.test/products/tajine?fbclid=IwAR0abc&utm_source=facebook")).toBe("http://shop.test/products/tajine");
    expect(of("http://shop.test/products/tajine?gclid=1")).toBe("http://shop.test/products/tajine");
    expect(of("http://shop.test/?a=1&b=2")).toBe("http://shop.test/");
  });

  it("keeps what the matched route declares, and only there", () => {
    expect(of("http://shop.test/categories/kitchen?utm_medium=cpc&page=2&sort=price-asc&x=1")).toBe(
      "http://shop.test/categories/kitchen?page=2&sort=price-asc",
    );
    expect(of("http://shop.test/search?sort=newest&q=tajine&fbclid=x")).toBe("http://shop.test/search?q=tajine&sort=newest");
    // Another route's parameter means nothing here.
    expect(of("http://shop.test/products/tajine?page=2&q=x")).toBe("http://shop.test/products/tajine");
    expect(of("http://shop.test/no/such/page?page=2")).toBe("http://shop.test/no/such/page");
  });

  it("refuses a route that declares a marketing parameter, lng or ref", () => {
    for (const name of ["fbclid", "utm_source", "lng", "ref"]) {
      expect(() => pageAddress(routes([{ id: "root", path: "", query: [name] }]))).toThrow(name);
    }
  });
});
