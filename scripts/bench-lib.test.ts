import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  formatVariantsComparison,
  extractScriptUrls,
  extractStaticImports,
  formatRssMB,
  formatTable,
  formatUnexpected,
  gzipSize,
  median,
  medianRows,
  parseBenchArgs,
  parseVmRssKb,
  PeakTracker,
  toRow,
  withHealthzRatio,
  type AutocannonResult,
  type BenchRow,
} from "./bench-lib";
import { DEFERRED_MODULE_TYPE } from "../app/server/http/deferred-scripts.server";

// What React Router 7's <Links/>, <Scripts/> and streaming SSR put in a page
// (trimmed): modulepreload links, a classic context script, the inline module
// script that imports the route modules and then import()s the client entry,
// and stream chunks. Plus links that are not JavaScript.
const PAGE_URL = "http://127.0.0.1:41234/";
const SSR_HTML = `<!DOCTYPE html><html lang="ar" dir="rtl"><head><meta charSet="utf-8"/>
<meta name="viewport" content="width=device-width, initial-scale=1"/>
<link rel="stylesheet" href="/assets/root-Bt5Yx2Lp.css"/>
<link rel="preload" as="font" type="font/woff2" href="/assets/noto-sans-arabic-arabic-400-normal-Cz1w.woff2" crossorigin="anonymous"/>
<link rel="icon" href="/favicon.ico"/>
<link rel="modulepreload" href="/assets/manifest-3f2a1b4c.js"/>
<link rel="modulepreload" href="/assets/entry.client-BxK9aP2q.js"/>
<link rel="modulepreload" href="/assets/chunk-EF7DTUVF-D5g2kLmN.js"/>
<link rel="modulepreload" href="/assets/root-C8xYz1Qw.js"/>
<link rel="modulepreload" href="/assets/home-Dq4Rt7Uv.js"/>
<!-- <script src="/assets/commented-out.js"></script> -->
</head><body><main>محتوى</main>
<script>window.__reactRouterContext = {"basename":"/","future":{},"ssr":true,"isSpaMode":false};window.__reactRouterContext.stream = new ReadableStream({start(controller){window.__reactRouterContext.streamController = controller;}}).pipeThrough(new TextEncoderStream());</script>
<script type="module" async="">import "/assets/manifest-3f2a1b4c.js";
import * as route0 from "/assets/root-C8xYz1Qw.js";
import * as route1_clientLoader from "/assets/home-clientLoader-Aa11Bb22.js";
import * as route1_main from "/assets/home-Dq4Rt7Uv.js";
const route1 = {...route1_clientLoader,...route1_main};
  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};

import("/assets/entry.client-BxK9aP2q.js");</script>
<!--$--><script>window.__reactRouterContext.streamController.enqueue("[{\\"_1\\":2},\\"loaderData\\",{\\"html\\":\\"<link rel=\\\\\\"modulepreload\\\\\\" href=\\\\\\"/assets/not-a-tag.js\\\\\\">\\"}]\\n");</script><!--/$-->
<script>window.__reactRouterContext.streamController.close();</script>
</body></html>`;

describe("extractScriptUrls", () => {
  it("finds modulepreloads and the imports of the inline module script, deduplicated and absolute", () => {
    expect(extractScriptUrls(SSR_HTML, PAGE_URL)).toEqual([
      `${PAGE_URL}assets/manifest-3f2a1b4c.js`,
      `${PAGE_URL}assets/entry.client-BxK9aP2q.js`,
      `${PAGE_URL}assets/chunk-EF7DTUVF-D5g2kLmN.js`,
      `${PAGE_URL}assets/root-C8xYz1Qw.js`,
      `${PAGE_URL}assets/home-Dq4Rt7Uv.js`,
      // only imported by the inline script, never preloaded
      `${PAGE_URL}assets/home-clientLoader-Aa11Bb22.js`,
    ]);
  });

  it("ignores stylesheets, fonts, icons, comments and tag-like text inside scripts", () => {
    const urls = extractScriptUrls(SSR_HTML, PAGE_URL);
    expect(urls.some((u) => u.endsWith(".css") || u.endsWith(".woff2") || u.endsWith(".ico"))).toBe(false);
    expect(urls.some((u) => u.includes("commented-out") || u.includes("not-a-tag"))).toBe(false);
  });

  it("reads static imports only in module scripts (a classic script can't have them)", () => {
    const html = `<script>var hint = 'import x from "/assets/not-loaded.js"'; import("/assets/lazy-classic.js");</script>`;
    expect(extractScriptUrls(html, PAGE_URL)).toEqual([`${PAGE_URL}assets/lazy-classic.js`]);
  });

  it("takes the route imports even with route discovery's inline manifest and no manifest import", () => {
    const html = `<script type="module" async="">;
import * as route0 from "/assets/root-C8xYz1Qw.js";
  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-BxK9aP2q.js","imports":["/assets/chunk-EF7DTUVF-D5g2kLmN.js"]}};
  window.__reactRouterRouteModules = {"root":route0};

import("/assets/entry.client-BxK9aP2q.js");</script>`;
    expect(extractScriptUrls(html, PAGE_URL)).toEqual([`${PAGE_URL}assets/root-C8xYz1Qw.js`, `${PAGE_URL}assets/entry.client-BxK9aP2q.js`]);
  });

  it("counts the shop's deferred module script (decision 0018) like a module script: it runs on every first visit", () => {
    const html = `<script nonce="n" type="${DEFERRED_MODULE_TYPE}">;
import * as route0 from "/assets/root-C8xYz1Qw.js";
  window.__reactRouterRouteModules = {"root":route0};

import("/assets/entry.client-BxK9aP2q.js");</script>`;
    expect(extractScriptUrls(html, PAGE_URL)).toEqual([`${PAGE_URL}assets/root-C8xYz1Qw.js`, `${PAGE_URL}assets/entry.client-BxK9aP2q.js`]);
  });

  it("handles <script src>, preload as=script, entities, single quotes and relative URLs", () => {
    const html = `
      <script type="module" src="/assets/app.js?v=1&amp;x=2"></script>
      <script src='legacy.js' defer></script>
      <script nomodule src="/assets/polyfills-legacy.js"></script>
      <script type="application/ld+json">{"@context":"https://schema.org"}</script>
      <script type="importmap">{"imports":{"x":"/assets/importmap-target.js"}}</script>
      <link rel="preload" as="script" href="/assets/preloaded.js">
      <LINK REL="ModulePreload" HREF="https://cdn.example/x.mjs">
      <script type="module">import { a } from 'react'; import('./lazy.js');</script>`;
    expect(extractScriptUrls(html, "http://127.0.0.1:41234/shop/page")).toEqual([
      "http://127.0.0.1:41234/assets/app.js?v=1&x=2",
      "http://127.0.0.1:41234/shop/legacy.js",
      "http://127.0.0.1:41234/assets/preloaded.js",
      "https://cdn.example/x.mjs",
      "http://127.0.0.1:41234/shop/lazy.js",
    ]);
  });

  it("returns nothing for a page without scripts", () => {
    expect(extractScriptUrls("<html><body><p>import('/assets/x.js')</p></body></html>", PAGE_URL)).toEqual([]);
  });
});

describe("extractStaticImports", () => {
  it("finds the static imports of a minified Vite chunk, not its lazy import()s", () => {
    const chunk =
      `const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/lazy-1.js"])))=>i.map(i=>d[i]);\n` +
      `import{r as e,j as t}from"./chunk-EF7DTUVF-D5g2kLmN.js";import{a}from"react";import"./root-Bt5Yx2Lp.css";import"./side-effect-Q1.js";export*from"./reexport-Z9.js";` +
      `const n=()=>import("./lazy-1.js").then(e=>e.default),s="import x from './not-code.js'";function o(){return t.jsx("p",{children:s})}export{o as default};`;
    expect(extractStaticImports(chunk, "http://127.0.0.1:41234/assets/root-C8xYz1Qw.js")).toEqual([
      "http://127.0.0.1:41234/assets/chunk-EF7DTUVF-D5g2kLmN.js",
      "http://127.0.0.1:41234/assets/side-effect-Q1.js",
      "http://127.0.0.1:41234/assets/reexport-Z9.js",
    ]);
  });
});

function result(partial: Partial<AutocannonResult> & Pick<AutocannonResult, "statusCodeStats">): AutocannonResult {
  return {
    duration: 5,
    errors: 0,
    timeouts: 0,
    non2xx: 0,
    requests: { average: 1234.5, total: 6172 },
    latency: { p50: 7, p99: 21 },
    ...partial,
  };
}

describe("toRow", () => {
  it("counts responses with another status than expected as errors", () => {
    const row = toRow(
      { path: "/faq", expectStatus: 200 },
      result({ statusCodeStats: { "200": { count: 90 }, "500": { count: 7 }, "302": { count: 3 } }, non2xx: 10 }),
    );
    expect(row).toMatchObject({ route: "/faq", responses: 100, errors: 10, transportErrors: 0 });
    expect(row.unexpected).toEqual({ "500": 7, "302": 3 });
    expect(formatUnexpected(row.unexpected)).toBe("302×3 500×7");
  });

  it("does not count the expected 404 as an error", () => {
    const row = toRow({ path: "/nope", expectStatus: 404 }, result({ statusCodeStats: { "404": { count: 500 } }, non2xx: 500 }));
    expect(row).toMatchObject({ route: "/nope (404)", errors: 0, responses: 500 });
    expect(formatUnexpected(row.unexpected)).toBe("-");
  });

  it("shows 503s (load shedding) but counts them neither as errors nor in req/s", () => {
    const row = toRow(
      { path: "/p", expectStatus: 200 },
      result({ statusCodeStats: { "200": { count: 300 }, "503": { count: 100 }, "500": { count: 1 } }, requests: { average: 401, total: 401 } }),
    );
    expect(row).toMatchObject({ shed: 100, errors: 1, responses: 401, rps: 301 });
    expect(formatUnexpected(row.unexpected)).toBe("500×1 503×100");
  });

  it("adds connection errors and counts timeouts once (autocannon counts them in errors too)", () => {
    const row = toRow({ path: "/", expectStatus: 200 }, result({ statusCodeStats: { "200": { count: 50 } }, errors: 4, timeouts: 3 }));
    expect(row).toMatchObject({ transportErrors: 4, timeouts: 3, errors: 4 });
  });
});

describe("formatTable", () => {
  const row = (over: Partial<BenchRow>): BenchRow => ({
    route: "/",
    path: "/",
    expectStatus: 200,
    responses: 1,
    rps: 1,
    p50: 1,
    p99: 1,
    transportErrors: 0,
    timeouts: 0,
    unexpected: {},
    errors: 0,
    ...over,
  });

  it("aligns text left and numbers right under their headers", () => {
    const table = formatTable([
      row({ route: "/", rps: 2345.67, p50: 3, p99: 12, ratio: 0.5864 }),
      row({ route: "/shipping", rps: 87.25, p50: 110.5, p99: 1450, errors: 12, unexpected: { "500": 12 }, ratio: 0.0218 }),
      row({ route: "/bench-no-such-page (404)", rps: 4000, p50: 2, p99: 5 }),
      row({ route: "/healthz", rps: 4000, p50: 2, p99: 5, ratio: 1 }),
    ]);
    expect(table).toBe(
      [
        "route                      req/s  p50 ms  p99 ms  × healthz  errors  unexpected status",
        "-------------------------  -----  ------  ------  ---------  ------  -----------------",
        "/                           2346       3      12       0.59       0  -",
        "/shipping                   87.3  110.50    1450       0.02      12  500×12",
        "/bench-no-such-page (404)   4000       2       5          -       0  -",
        "/healthz                    4000       2       5       1.00       0  -",
      ].join("\n"),
    );
  });

  it("keeps every column at the same offset on every line", () => {
    const lines = formatTable([row({ route: "/a", rps: 1 }), row({ route: "/a-much-longer-route", rps: 123456, p99: 99999 })]).split("\n");
    const ends = (line: string): number[] => [...line.matchAll(/\S+(?= {2}|$)/g)].map((m) => m.index + m[0].length);
    const header = ends(lines[0] ?? "");
    for (const line of lines.slice(2)) expect(ends(line).slice(1, 6)).toEqual(header.slice(1, 6));
  });

  it("prints just the header for no rows", () => {
    expect(formatTable([]).split("\n")).toHaveLength(2);
  });
});

describe("gzipSize", () => {
  it("is smaller than the input for repetitive text, and is the size of a valid gzip stream", () => {
    const text = Buffer.from("export const x = 'souq';\n".repeat(2000));
    const size = gzipSize(text);
    expect(size).toBeGreaterThan(0);
    expect(size).toBeLessThan(text.length / 20);
    expect(gzipSize(text.toString())).toBe(size);
  });

  it("measures gzip at level 9", () => {
    const input = Buffer.from("مرحبا بكم في سوق ".repeat(100));
    const level9 = gzipSync(input, { level: 9 });
    expect(gunzipSync(level9).equals(input)).toBe(true);
    expect(gzipSize(input)).toBe(level9.length);
  });
});

describe("parseBenchArgs", () => {
  it("defaults to 5 s and 10 connections", () => {
    expect(parseBenchArgs([], {})).toEqual({
      scenario: "routes",
      duration: 5,
      connections: 10,
      verbose: false,
      build: false,
      help: false,
      products: null,
      runs: 1,
      pageCache: true,
      maxRssMb: null,
      baseUrl: null,
      routeMap: null,
      serverPid: null,
      advertised: null,
    });
  });

  it("reads the catalogue size, runs, page cache and memory limit of a routes bench", () => {
    expect(parseBenchArgs(["--products", "10000", "--connections", "50", "--runs=3", "--no-page-cache", "--max-rss-mb", "512"], {})).toMatchObject({
      products: 10_000,
      connections: 50,
      runs: 3,
      pageCache: false,
      maxRssMb: 512,
    });
    expect(parseBenchArgs(["-p", "500", "-r", "2"], {})).toMatchObject({ products: 500, runs: 2, pageCache: true });
    expect(() => parseBenchArgs(["--products", "0"], {})).toThrow(/--products/);
    expect(() => parseBenchArgs(["--runs", "1.5"], {})).toThrow(/--runs/);
    expect(() => parseBenchArgs(["--max-rss-mb", "lots"], {})).toThrow(/--max-rss-mb/);
    expect(() => parseBenchArgs(["--scenario", "mixed", "--products", "1000", "--no-page-cache"], {})).toThrow(
      /--products, --no-page-cache: only with --scenario routes/,
    );
  });

  it("runs the mixed scenario for 20 s with 200 shoppers unless told otherwise", () => {
    expect(parseBenchArgs(["--scenario", "mixed"], {})).toMatchObject({ scenario: "mixed", duration: 20, connections: 200 });
    expect(parseBenchArgs(["--scenario=mixed", "--duration", "5", "-c", "50"], {})).toMatchObject({ duration: 5, connections: 50 });
    expect(parseBenchArgs(["--scenario", "mixed"], { BENCH_DURATION: "12" }).duration).toBe(12);
    expect(() => parseBenchArgs(["--scenario", "soak"], {})).toThrow(/--scenario/);
  });

  it("runs the ad landings like the routes: 5 s, 10 connections, on every product unless --advertised narrows them", () => {
    expect(parseBenchArgs(["--scenario", "ads", "--products", "10000"], {})).toMatchObject({
      scenario: "ads",
      duration: 5,
      connections: 10,
      products: 10_000,
      advertised: null,
      baseUrl: null,
    });
    expect(parseBenchArgs(["-s", "ads", "--advertised", "200", "--runs", "3", "--no-page-cache", "--max-rss-mb", "300"], {})).toMatchObject({
      advertised: 200,
      runs: 3,
      pageCache: false,
      maxRssMb: 300,
    });
    expect(() => parseBenchArgs(["--advertised", "200"], {})).toThrow(/--advertised: only with --scenario ads/);
    expect(() => parseBenchArgs(["--scenario", "ads", "--advertised", "0"], {})).toThrow(/--advertised/);
    expect(() => parseBenchArgs(["--scenario", "mixed", "--base-url", "http://127.0.0.1:3000"], {})).toThrow(
      /--base-url: only with --scenario routes or ads/,
    );
  });

  it("points a scenario at another shop with its base URL and route map, and refuses the options of a Souq server then", () => {
    const peer = ["--base-url", "http://127.0.0.1:3000/", "--route-map", "peer.json"];
    expect(parseBenchArgs(["--scenario", "ads", ...peer, "--server-pid", "4242"], {})).toMatchObject({
      scenario: "ads",
      baseUrl: "http://127.0.0.1:3000",
      routeMap: "peer.json",
      serverPid: 4242,
    });
    expect(parseBenchArgs(["--base-url", "http://127.0.0.1:3000/shop/", "--route-map", "m.json"], {}).baseUrl).toBe("http://127.0.0.1:3000/shop");
    expect(() => parseBenchArgs(["--base-url", "http://127.0.0.1:3000"], {})).toThrow(/--base-url and --route-map go together/);
    expect(() => parseBenchArgs(["--route-map", "peer.json"], {})).toThrow(/--base-url and --route-map go together/);
    expect(() => parseBenchArgs(["--base-url", "ftp://127.0.0.1:3000", "--route-map", "m.json"], {})).toThrow(/--base-url must be http or https/);
    expect(() => parseBenchArgs(["--base-url", "127.0.0.1:3000", "--route-map", "m.json"], {})).toThrow(/--base-url must be a URL/);
    expect(() => parseBenchArgs(["--base-url", "http://h/?a=1", "--route-map", "m.json"], {})).toThrow(/no query/);
    expect(() => parseBenchArgs([...peer, "--products", "10000", "--no-page-cache"], {})).toThrow(/--products, --no-page-cache: not with --base-url/);
    expect(() => parseBenchArgs([...peer, "--max-rss-mb", "300"], {})).toThrow(/needs --server-pid/);
    expect(parseBenchArgs([...peer, "--max-rss-mb", "300", "--server-pid", "7"], {}).maxRssMb).toBe(300);
    expect(() => parseBenchArgs(["--server-pid", "7"], {})).toThrow(/--server-pid: only with --base-url/);
  });

  it("reads BENCH_DURATION, and --duration wins over it", () => {
    expect(parseBenchArgs([], { BENCH_DURATION: "12" }).duration).toBe(12);
    expect(parseBenchArgs(["--duration", "3"], { BENCH_DURATION: "12" }).duration).toBe(3);
    expect(parseBenchArgs(["--duration=7", "--connections", "50", "--verbose"], {})).toMatchObject({
      duration: 7,
      connections: 50,
      verbose: true,
    });
  });

  it("rejects bad numbers and unknown flags", () => {
    expect(() => parseBenchArgs(["--duration", "0"], {})).toThrow(/--duration/);
    expect(() => parseBenchArgs(["--connections", "2.5"], {})).toThrow(/--connections/);
    expect(() => parseBenchArgs([], { BENCH_DURATION: "soon" })).toThrow(/BENCH_DURATION/);
    expect(() => parseBenchArgs(["--nope"], {})).toThrow();
  });
});

const benchRow = (route: string, rps: number, over: Partial<BenchRow> = {}): BenchRow => ({
  route,
  path: route.replace(/ \(\d+\)$/, "").replace(/^POST /, ""),
  expectStatus: 200,
  responses: 100,
  rps,
  p50: 10,
  p99: 20,
  transportErrors: 0,
  timeouts: 0,
  unexpected: {},
  errors: 0,
  ...over,
});

describe("withHealthzRatio", () => {
  it("divides each route's req/s by /healthz's in the same run", () => {
    const rows = withHealthzRatio([benchRow("/", 150), benchRow("/healthz", 750), benchRow("POST /api/orders (201)", 75)]);
    expect(rows.map((r) => r.ratio)).toEqual([0.2, 1, 0.1]);
  });

  it("leaves the ratio unknown without a /healthz row or when it served nothing", () => {
    expect(withHealthzRatio([benchRow("/", 150, { ratio: 3 })])[0]).not.toHaveProperty("ratio");
    expect(withHealthzRatio([benchRow("/", 150), benchRow("/healthz", 0)])[0]?.ratio).toBeUndefined();
  });
});

describe("median and medianRows", () => {
  it("takes the middle value, or the mean of the middle two", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it("gives one row per route with the medians of three runs and the errors of all", () => {
    const run = (rps: number, p99: number, errors = 0) =>
      withHealthzRatio([benchRow("/", rps, { p50: rps / 10, p99, errors, unexpected: errors ? { "500": errors } : {} }), benchRow("/healthz", 1000)]);
    const rows = medianRows([run(150, 300), run(100, 100, 2), run(200, 200, 1)]);
    expect(rows.map((r) => r.route)).toEqual(["/", "/healthz"]);
    expect(rows[0]).toMatchObject({ rps: 150, p50: 15, p99: 200, ratio: 0.15, errors: 3, responses: 300, unexpected: { "500": 3 } });
    expect(rows[1]).toMatchObject({ rps: 1000, ratio: 1, errors: 0 });
  });
});

describe("server memory", () => {
  it("reads VmRSS from /proc/<pid>/status", () => {
    const status = "Name:\tnode\nVmPeak:\t 1200000 kB\nVmHWM:\t  250000 kB\nVmRSS:\t  204800 kB\nThreads:\t11\n";
    expect(parseVmRssKb(status)).toBe(204_800);
    expect(parseVmRssKb("Name:\tnode\n")).toBeUndefined();
    expect(formatRssMB(204_800)).toBe("200 MB");
    expect(formatRssMB(undefined)).toBe("n/a");
  });

  it("keeps the peak and the latest sample", () => {
    const rss = new PeakTracker();
    for (const sample of [100, 300, undefined, 200]) rss.add(sample);
    expect(rss).toMatchObject({ peak: 300, last: 200, count: 3 });
  });
});

describe("formatVariantsComparison", () => {
  const row = (path: string, rps: number, p50: number) => ({
    route: path,
    path,
    expectStatus: 200,
    responses: 100,
    rps,
    p50,
    p99: p50 * 2,
    transportErrors: 0,
    timeouts: 0,
    unexpected: {},
    errors: 0,
  });

  it("puts the page with 40 variants beside the plain one, with its share of the throughput", () => {
    const text = formatVariantsComparison(row("/products/a", 400, 20), row("/products/b", 300, 25));
    expect(text.split("\n")).toEqual([
      "Product page render, page cache off (PAGE_CACHE_MB=0):",
      "  without variants           400 req/s  p50 20 ms  p99 40 ms  (/products/a)",
      "  with 40 variants           300 req/s  p50 25 ms  p99 50 ms  (/products/b)",
      "  with 40 variants: 75% of the plain page's throughput",
    ]);
  });
});
