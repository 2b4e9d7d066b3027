import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  extractScriptUrls,
  extractStylesheetUrls,
  firstVisitScripts,
  formatKB,
  gzipSize,
  parseAttributes,
  type FirstVisitFile,
} from "../../scripts/bench-lib";
import { addFortyVariantProduct, VARIANTS_PRODUCT_SLUG } from "../../scripts/bench-variants";
import { openDatabase } from "~/server/db/db.server";
import { startServer, type RunningServer } from "../support/production-server";

// The performance budgets of a first visit, measured on the production build with a
// fresh demo catalogue, exactly as `npm run bench` reports them (scripts/bench-lib.ts):
// - JavaScript: every script and module preload of the HTML plus their static imports, each
//   file gzipped at level 9, at most 132 kB per page, a product page with 40 variants included;
// - CSS: the stylesheets the document links, gzipped, at most 25 kB per page;
// - no request to another origin unless META_PIXEL_ID is set;
// - the product page's main image (its LCP element) preloaded with the <img>'s own srcset and
//   sizes, at high priority, and the <img> sized, eager and high priority.

const JS_BUDGET_BYTES = 132_000;
const CSS_BUDGET_BYTES = 25_000;

const PRODUCT_PAGE = "/products/smartphone-6-7-inch-128gb";
/** The same product with two options and 40 variants (scripts/bench-variants.ts), as the bench measures it. */
const VARIANTS_PAGE = `/products/${VARIANTS_PRODUCT_SLUG}`;
const PAGES = ["/", PRODUCT_PAGE, VARIANTS_PAGE, "/categories/kitchen"];

/** What a browser sends, so the page renders as for a visitor (isbot, compression). */
const BROWSER_HEADERS = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36",
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "gzip, deflate, br",
};

let dir: string;
let server: RunningServer;
const documents = new Map<string, string>();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "souq-ops-budgets-"));
  // The environment of the test runner may carry a pixel id: the budgets are for a shop without one.
  server = await startServer(join(dir, "shop.db"), { META_PIXEL_ID: "" });
  // The server migrated and seeded the demo catalogue; the product with variants is added as rows.
  const handle = openDatabase(`file:${join(dir, "shop.db")}`);
  try {
    await addFortyVariantProduct(handle.db);
  } finally {
    await handle.close();
  }
  for (const path of PAGES) {
    const response = await fetch(`${server.baseURL}${path}`, { headers: BROWSER_HEADERS });
    expect(response.status, path).toBe(200);
    documents.set(path, await response.text());
  }
});

afterAll(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function page(path: string): string {
  const html = documents.get(path);
  if (html === undefined) throw new Error(`${path} was not fetched`);
  return html;
}

async function load(url: string): Promise<{ status: number; body: Uint8Array }> {
  // fetch() decodes the transfer encoding: the body is the file itself, gzipped again by the measure.
  const response = await fetch(url, { headers: BROWSER_HEADERS });
  return { status: response.status, body: new Uint8Array(await response.arrayBuffer()) };
}

function listing(files: readonly FirstVisitFile[]): string {
  return [...files]
    .sort((a, b) => b.gzip - a.gzip)
    .map((f) => `  ${formatKB(f.gzip).padStart(9)}  ${new URL(f.url).pathname}${f.viaImport ? " (import)" : ""}`)
    .join("\n");
}

describe.each(PAGES)("first visit to %s", (path) => {
  it(`downloads at most ${formatKB(JS_BUDGET_BYTES)} of gzipped JavaScript`, async () => {
    const files = await firstVisitScripts(page(path), `${server.baseURL}${path}`, load);
    expect(files.length, "the page loads no script at all: the measure is broken").toBeGreaterThan(0);
    expect(files.filter((f) => f.status !== 200).map((f) => `${f.url} ${f.status}`)).toEqual([]);
    const total = files.reduce((sum, f) => sum + f.gzip, 0);
    expect(
      total,
      `${path}: ${formatKB(total)} of gzipped JavaScript in ${files.length} files, over the ${formatKB(JS_BUDGET_BYTES)} budget:\n${listing(files)}`,
    ).toBeLessThanOrEqual(JS_BUDGET_BYTES);
  });

  it(`links at most ${formatKB(CSS_BUDGET_BYTES)} of gzipped CSS`, async () => {
    const urls = extractStylesheetUrls(page(path), `${server.baseURL}${path}`);
    expect(urls.length, "the page links no stylesheet: the measure is broken").toBeGreaterThan(0);
    const sizes = await Promise.all(
      urls.map(async (url) => {
        const { status, body } = await load(url);
        expect(status, url).toBe(200);
        return { url, gzip: gzipSize(body) };
      }),
    );
    const total = sizes.reduce((sum, f) => sum + f.gzip, 0);
    const detail = sizes.map((f) => `  ${formatKB(f.gzip).padStart(9)}  ${new URL(f.url).pathname}`).join("\n");
    expect(total, `${path}: ${formatKB(total)} of gzipped CSS, over the ${formatKB(CSS_BUDGET_BYTES)} budget:\n${detail}`).toBeLessThanOrEqual(
      CSS_BUDGET_BYTES,
    );
  });

  it("requests nothing from another origin (META_PIXEL_ID is unset)", () => {
    const foreign = thirdPartyUrls(page(path), `${server.baseURL}${path}`);
    expect(foreign, `${path} makes a browser contact other origins on its first load`).toEqual([]);
  });
});

/** Tags and their attributes, in document order (names lower-cased, values decoded). */
function tags(html: string, name: string): Map<string, string>[] {
  const re = new RegExp(`<${name}\\b((?:[^>"']|"[^"]*"|'[^']*')*)>`, "gi");
  return [...html.matchAll(re)].map((m) => parseAttributes(m[1] ?? ""));
}

/**
 * Every URL of another origin that loading the document fetches or connects to: scripts and
 * module imports, every <link> (stylesheets, preloads, preconnect, dns-prefetch, icons), images
 * and their srcsets, media sources, frames, embeds, and url() in inline styles.
 */
function thirdPartyUrls(html: string, pageUrl: string): string[] {
  const origin = new URL(pageUrl).origin;
  const urls: string[] = [...extractScriptUrls(html, pageUrl), ...extractStylesheetUrls(html, pageUrl)];
  const add = (raw: string | undefined): void => {
    if (!raw || raw.trim() === "") return;
    try {
      urls.push(new URL(raw.trim(), pageUrl).href);
    } catch {
      urls.push(raw);
    }
  };
  const addSrcset = (raw: string | undefined): void => {
    for (const candidate of (raw ?? "").split(",")) add(candidate.trim().split(/\s+/)[0]);
  };
  for (const attrs of tags(html, "link")) {
    add(attrs.get("href"));
    addSrcset(attrs.get("imagesrcset"));
  }
  for (const name of ["script", "img", "source", "iframe", "embed", "video", "audio", "track", "input"]) {
    for (const attrs of tags(html, name)) {
      add(attrs.get("src"));
      addSrcset(attrs.get("srcset"));
      add(attrs.get("poster"));
    }
  }
  for (const attrs of tags(html, "object")) add(attrs.get("data"));
  for (const m of html.matchAll(/url\(\s*(["']?)([^"')]+)\1\s*\)/gi)) {
    if (/^(https?:)?\/\//i.test(m[2] ?? "")) add(m[2]);
  }
  return [...new Set(urls)].filter((url) => {
    try {
      return new URL(url).origin !== origin;
    } catch {
      return true;
    }
  });
}

describe("the third-party check itself", () => {
  it("sees a foreign script, preconnect, image srcset and stylesheet", () => {
    const html = `<html><head>
      <link rel="preconnect" href="https://connect.facebook.net">
      <link rel="stylesheet" href="https://fonts.example/x.css">
      <script async src="https://connect.facebook.net/en_US/fbevents.js"></script>
      </head><body><img src="/a.webp" srcset="/a-320.webp 320w, https://cdn.example/a-640.webp 640w">
      <a href="https://www.facebook.com/">not a request</a></body></html>`;
    expect(thirdPartyUrls(html, "http://127.0.0.1:1/")).toEqual([
      "https://connect.facebook.net/en_US/fbevents.js",
      "https://fonts.example/x.css",
      "https://connect.facebook.net/",
      "https://cdn.example/a-640.webp",
    ]);
  });
});

describe("the product page's main image (its largest contentful paint)", () => {
  it("is preloaded at high priority with the <img>'s own srcset and sizes, and the <img> is sized, eager and high priority", () => {
    const html = page(PRODUCT_PAGE);
    const head = html.slice(0, html.search(/<\/head>/i));
    // The first image of the gallery is the main one (the thumbnails follow it).
    const gallery = html.slice(html.indexOf('data-testid="gallery-main"'));
    expect(gallery, "no gallery on the product page").not.toBe("");
    const img = tags(gallery, "img")[0];
    expect(img, "no image in the gallery").toBeDefined();
    if (!img) return;

    const srcset = img.get("srcset") ?? "";
    const sizes = img.get("sizes") ?? "";
    expect(srcset, "the main image has no srcset").toMatch(/\s\d+w(,|$)/);
    expect(sizes, "the main image has no sizes").not.toBe("");
    expect(Number(img.get("width")), "width attribute").toBeGreaterThan(0);
    expect(Number(img.get("height")), "height attribute").toBeGreaterThan(0);
    expect(img.get("loading") ?? "eager", "the main image must not be lazy").toBe("eager");
    expect(img.get("fetchpriority")).toBe("high");

    const preloads = tags(head, "link").filter(
      (link) => (link.get("rel") ?? "").toLowerCase().split(/\s+/).includes("preload") && link.get("as") === "image",
    );
    const preload = preloads.find((link) => link.get("imagesrcset") === srcset);
    expect(
      preload,
      `no <link rel="preload" as="image"> in <head> with the main image's srcset "${srcset}"; found: ${JSON.stringify(preloads.map((l) => Object.fromEntries(l)))}`,
    ).toBeDefined();
    expect(preload?.get("imagesizes")).toBe(sizes);
    expect(preload?.get("fetchpriority")).toBe("high");
  });
});
