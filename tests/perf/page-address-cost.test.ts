import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { pageAddress } from "~/server/http/page-query.server";

// The page cache computes a page's address on every request, hit or miss: it must cost next to
// nothing beside a render (milliseconds). A time threshold, so it runs with `npm run test:perf`.

const build = Object.fromEntries(
  [
    { id: "root", path: "" },
    { id: "category", parentId: "root", path: "categories/:slug", module: { handle: { query: ["sort", "page"] } } },
  ].map((route) => [route.id, { module: {}, ...route }]),
) as unknown as ServerBuild["routes"];

describe("the page address", () => {
  it("costs a few microseconds per request", () => {
    const address = pageAddress(build);
    const started = performance.now();
    for (let i = 0; i < 10_000; i += 1) address(new URL(`http://shop.test/categories/kitchen?page=${i}&fbclid=${i}`));
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
