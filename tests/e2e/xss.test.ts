import { sql } from "kysely";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminCookie } from "./support/admin";
import { baseURL, launchBrowser, openContext } from "./support/browser";
import { withDb } from "./support/db";

/**
 * Hostile text written through the real forms and APIs into every text field an
 * admin or a shopper can write, then shown on every page that renders it, in Chromium. Nothing
 * may run (no dialog, no injected element), the text must read as text, JSON-LD must stay JSON,
 * and the CSV exports must neutralise formulas.
 *
 * Everything lives in a category and a section of its own ("xss-probe"), never on the home page,
 * and is deleted afterwards (products, collection, page, page section, order, enquiry, share link).
 */

const P = {
  script: "<script>alert(1)</script>",
  img: '"><img src=x onerror=alert(1)>',
  js: "javascript:alert(1)",
  title: "</title><script>alert(2)</script>",
  template: "{{7*7}}",
  rtl: "\u202Egpj.exe",
} as const;
/** Every payload in one text (≈130 characters: fits titles, descriptions and addresses). */
const ALL = Object.values(P).join(" ");
/** For fields limited to 120 characters (SEO titles). */
const META = `${P.title} ${P.img} ${P.script}`;
const stamp = Date.now().toString(36);
const KEY = "xss-probe";
const slugs = { product: `xss-product-${stamp}`, csv: `xss-csv-${stamp}`, collection: `xss-collection-${stamp}`, page: `xss-page-${stamp}` };
const PHONE = "0551" + String(Date.now()).slice(-6);

let browser: Browser;
let cookie: string;
const created = { productIds: [] as string[], collectionId: "", pageId: "", sectionId: "", orderId: 0, orderNumber: "" };

async function adminPost(path: string, fields: Record<string, string | string[]>): Promise<Response> {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
  return fetch(`${baseURL()}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL(), Cookie: cookie },
    body,
  });
}

/** The id at the end of a 303's Location (/admin/products/p123?saved=1 → p123). */
async function idFromLocation(response: Response): Promise<string> {
  if (response.status !== 303) throw new Error(`expected a 303 after a save, got ${response.status}: ${(await response.text()).slice(0, 3000)}`);
  const location = new URL(response.headers.get("Location")!, baseURL());
  return decodeURIComponent(location.pathname.split("/").pop()!);
}

async function createProduct(slug: string, fields: Record<string, string>): Promise<string> {
  const id = await idFromLocation(
    await adminPost("/admin/products/new", {
      intent: "save",
      slug,
      category: KEY,
      sectionId: KEY,
      price: "1200",
      stockQuantity: "50",
      inStock: "on",
      ...fields,
    }),
  );
  created.productIds.push(id);
  return id;
}

beforeAll(async () => {
  browser = await launchBrowser();
  cookie = await adminCookie();
  // A category and a section of their own, with hostile names.
  expect(
    (await adminPost("/admin/categories", { intent: "create", key: KEY, name: `${P.img} ${P.script}`, nameEn: ALL.slice(0, 100), nameFr: P.title }))
      .status,
  ).toBeLessThan(400);
  expect((await adminPost("/admin/sections", { intent: "create", key: KEY, name: `${P.title} ${P.img}` })).status).toBeLessThan(400);

  const productId = await createProduct(slugs.product, {
    title: ALL,
    titleEn: ALL,
    titleFr: ALL,
    description: `${ALL}\n${ALL}`,
    descriptionEn: ALL,
    descriptionFr: ALL,
    sku: `${P.img}`.slice(0, 100),
  });
  // For the CSV exports: formulas (and a tab / carriage return before one) in the inventory's text cells.
  const csvProductId = await createProduct(slugs.csv, { title: '=HYPERLINK("https://evil.example","x")', sku: "@SUM(A1:A9)", description: "+1+1" });

  created.collectionId = await idFromLocation(
    await adminPost("/admin/collections/new", {
      intent: "save",
      title: ALL,
      slug: slugs.collection,
      description: ALL,
      metaTitle: META,
      metaDescription: ALL,
      productIds: productId,
      isActive: "on",
    }),
  );
  created.pageId = await idFromLocation(
    await adminPost("/admin/custom-pages/new", {
      intent: "save",
      title: ALL,
      slug: slugs.page,
      description: ALL,
      metaTitle: META,
      metaDescription: ALL,
      productIds: productId,
      isActive: "on",
    }),
  );
  // A section on the games page (nothing else asserts on its sections), removed afterwards.
  const section = await adminPost("/admin/page-layouts?page=games", {
    intent: "save",
    id: "",
    pageIdentifier: "games",
    sectionType: "banner",
    title: ALL,
    subtitle: ALL,
    isActive: "on",
  });
  expect(section.status).toBe(303);
  created.sectionId = String(
    await withDb(async (db) => (await db.selectFrom("page_sections").select("id").where("title", "=", ALL).executeTakeFirstOrThrow()).id),
  );

  // An order through the JSON API (POST /api/orders, same origin) with hostile names and address.
  const order = await fetch(`${baseURL()}/api/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseURL() },
    body: JSON.stringify({
      source: "product_detail",
      customer: { firstName: "=1+1 Amine", lastName: P.img, phone: PHONE, wilayaCode: "16", deliveryType: "home", address: `${ALL} @SUM(1) -2+3` },
      // The formula-titled product first: the export's items cell starts with its title.
      items: [
        { productId: csvProductId, quantity: 1 },
        { productId, quantity: 1 },
      ],
      total: 1,
    }),
  });
  expect(order.status, await order.clone().text()).toBe(201);
  const placed = (await order.json()) as { orderNumber?: string; order?: { number?: string } };
  created.orderNumber = placed.orderNumber ?? placed.order?.number ?? "";
  created.orderId = await withDb(async (db) => {
    const row = await sql<{ id: number }>`select id from orders where phone = ${PHONE} order by id desc limit 1`.execute(db);
    return row.rows[0]!.id;
  });

  // A wholesale enquiry (the /product-gros form) with hostile fields.
  const enquiry = new URLSearchParams({
    businessName: ALL.slice(0, 100),
    contactName: P.img,
    phone: "0661" + String(Date.now()).slice(-6),
    wilaya: "16",
    estimatedQuantity: P.script,
    message: ALL,
  });
  enquiry.append("categories", "school-supplies");
  const wholesale = await fetch(`${baseURL()}/product-gros`, { method: "POST", redirect: "manual", headers: { Origin: baseURL() }, body: enquiry });
  // A plain post: stored, then 303 to the page's confirmation.
  expect(wholesale.status).toBe(303);

  // A share link to the product, so the analytics page names it.
  const share = await fetch(`${baseURL()}/api/share-links`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseURL() },
    body: JSON.stringify({ targetType: "product", targetId: productId }),
  });
  expect(share.status).toBeLessThan(300);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await withDb(async (db) => {
    const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db);
    const columnsOf = async (table: string) =>
      (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db)).rows.map((r) => r.name);
    // Rows of the order, the products and the enquiry, wherever they are referenced.
    for (const { name } of tables.rows) {
      const columns = await columnsOf(name);
      if (created.orderId && columns.includes("order_id") && name !== "orders")
        await sql`delete from ${sql.table(name)} where order_id = ${created.orderId}`.execute(db);
    }
    if (created.orderId) await sql`delete from orders where id = ${created.orderId}`.execute(db);
    await sql`delete from wholesale_enquiries where contact_name = ${P.img}`.execute(db);
  });
  if (!cookie) return;
  await adminPost(`/admin/page-layouts?page=games`, { intent: "delete", id: created.sectionId });
  if (created.collectionId) await adminPost(`/admin/collections/${created.collectionId}`, { intent: "delete" });
  if (created.pageId) await adminPost(`/admin/custom-pages/${created.pageId}`, { intent: "delete" });
  await withDb(async (db) => {
    for (const { name } of (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db)).rows) {
      const columns = (await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(db)).rows.map((r) => r.name);
      if (columns.includes("target_id") && columns.includes("target_type"))
        for (const id of created.productIds)
          await sql`delete from ${sql.table(name)} where target_type = 'product' and target_id = ${id}`.execute(db);
    }
  });
  for (const id of created.productIds) await adminPost(`/admin/products/${id}`, { intent: "delete" });
  await adminPost("/admin/categories", { intent: "delete", key: KEY, reassignTo: "books" });
  await adminPost("/admin/sections", { intent: "delete", key: KEY });
  // Nothing of this file is left for the others.
  await withDb(async (db) => {
    expect(await db.selectFrom("products").select("id").where("slug", "like", `xss-%-${stamp}`).execute()).toEqual([]);
    expect(await db.selectFrom("categories").select("slug").where("slug", "=", KEY).execute()).toEqual([]);
    expect(await db.selectFrom("page_sections").select("id").where("title", "=", ALL).execute()).toEqual([]);
  });
});

/** What a page shows, and every sign of injected markup. */
async function inspect(page: Page, path: string) {
  const dialogs: string[] = [];
  const onDialog = (dialog: { message(): string; dismiss(): Promise<void> }) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  };
  page.on("dialog", onDialog);
  const response = await page.goto(path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true").catch(() => undefined);
  await page.waitForTimeout(100);
  const seen = await page.evaluate(() => ({
    injectedImg: document.querySelector('img[src="x"], img[src=x]') !== null,
    injectedScript: [...document.scripts].some((s) => /^alert\(\d\)$/.test((s.textContent ?? "").trim())),
    onerror: document.querySelector("[onerror], [onload]") !== null,
    jsLinks: [...document.querySelectorAll("a[href], area[href], form[action], iframe[src]")].some((el) =>
      /^\s*javascript:/i.test(el.getAttribute("href") ?? el.getAttribute("action") ?? el.getAttribute("src") ?? ""),
    ),
    text: document.body.innerText,
    title: document.title,
    metas: [...document.querySelectorAll("meta[content]")].map((m) => m.getAttribute("content") ?? ""),
    jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => s.textContent ?? ""),
  }));
  page.off("dialog", onDialog);
  expect(response?.status(), path).toBe(200);
  expect(dialogs, `${path}: a dialog opened`).toEqual([]);
  expect(seen.injectedImg, `${path}: injected <img src=x>`).toBe(false);
  expect(seen.injectedScript, `${path}: injected <script>`).toBe(false);
  expect(seen.onerror, `${path}: an element with an event handler attribute`).toBe(false);
  expect(seen.jsLinks, `${path}: a javascript: link`).toBe(false);
  const jsonLd = seen.jsonLd.map((text) => JSON.parse(text) as unknown);
  return { ...seen, jsonLd };
}

/** The server's HTML: no payload may appear as markup, anywhere (inline hydration data included). */
async function rawHtml(path: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await fetch(`${baseURL()}${path}`, { headers });
  expect(response.status, path).toBe(200);
  const html = await response.text();
  expect(html, path).not.toContain("<script>alert(");
  expect(html, path).not.toContain("<img src=x");
  expect(html, path).not.toMatch(/<\/title><script>/);
  return html;
}

describe("XSS: hostile text renders as text everywhere", () => {
  it("the product page: heading, description, <title>, meta and Open Graph tags, JSON-LD", async () => {
    const { context, page, pageErrors } = await openContext(browser);
    const path = `/products/${slugs.product}`;
    await rawHtml(path);
    const seen = await inspect(page, path);
    expect(seen.text).toContain(P.script);
    expect(seen.text).toContain(P.img);
    expect(seen.text).toContain(P.template);
    expect(seen.text).toContain(P.rtl);
    expect(seen.title).toContain(P.title);
    expect(seen.metas.some((content) => content.includes(P.script))).toBe(true);
    const product = seen.jsonLd.flat().find((item) => (item as { "@type"?: string })["@type"] === "Product") as
      { name: string; description: string } | undefined;
    expect(product?.name).toBe(ALL);
    expect(product?.description).toContain(P.title);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("the category page and its cards, the search page (query and results), a collection, a custom page, a page section", async () => {
    const { context, page, pageErrors } = await openContext(browser);
    for (const path of [
      `/categories/${KEY}`,
      `/search?q=${encodeURIComponent(P.script)}`,
      `/search?q=${encodeURIComponent(`${P.img} ${P.title}`)}`,
      `/search?q=${encodeURIComponent("alert")}`,
      `/collections/${slugs.collection}`,
      `/pages/${slugs.page}`,
      "/games",
      "/categories",
    ]) {
      await rawHtml(path);
      await inspect(page, path);
    }
    const category = await inspect(page, `/categories/${KEY}`);
    expect(category.text).toContain(P.img);
    expect(category.text).toContain(ALL.slice(0, 40));
    const search = await inspect(page, `/search?q=${encodeURIComponent(P.script)}`);
    expect(search.title + search.text).toContain(P.script);
    const collection = await inspect(page, `/collections/${slugs.collection}`);
    expect(collection.text).toContain(P.script);
    expect(collection.title).toContain(P.title);
    expect(collection.metas.some((content) => content.includes(P.img))).toBe(true);
    const custom = await inspect(page, `/pages/${slugs.page}`);
    expect(custom.text).toContain(P.img);
    expect(custom.title).toContain(P.title);
    const games = await inspect(page, "/games");
    expect(games.text).toContain(P.template);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("the admin: product list, edit form, categories, orders list, the order, its delivery slip, wholesale enquiries, analytics, collections, pages, layouts", async () => {
    const { context, page, pageErrors } = await openContext(browser);
    const [name, value] = cookie.split("=") as [string, string];
    await context.addCookies([{ name, value, url: baseURL(), httpOnly: true, sameSite: "Lax" }]);
    const paths = [
      "/admin/products",
      `/admin/products/${created.productIds[0]}`,
      "/admin/categories",
      "/admin/sections",
      "/admin/inventory",
      "/admin/orders",
      `/admin/orders?q=${encodeURIComponent(P.img)}`,
      `/admin/orders/${created.orderId}`,
      `/admin/orders/${created.orderId}/slip`,
      "/admin/orders/wholesale",
      "/admin/analytics",
      "/admin/collections",
      `/admin/collections/${created.collectionId}`,
      "/admin/custom-pages",
      `/admin/custom-pages/${created.pageId}`,
      "/admin/page-layouts?page=games",
    ];
    const texts: Record<string, string> = {};
    for (const path of paths) {
      await rawHtml(path, { Cookie: cookie });
      texts[path] = (await inspect(page, path)).text;
    }
    expect(texts["/admin/products"]).toContain(P.script);
    expect(texts["/admin/orders"]).toContain(P.img);
    expect(texts[`/admin/orders/${created.orderId}`]).toContain(P.script);
    expect(texts[`/admin/orders/${created.orderId}/slip`]).toContain(P.img);
    expect(texts["/admin/orders/wholesale"]).toContain(P.img);
    expect(texts["/admin/analytics"]).toContain(P.script);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

/** RFC 4180 rows of a CSV text (quoted cells, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  if (cell !== "" || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

describe("CSV exports neutralise formulas (= + - @, tab, CR)", () => {
  const dangerous = /^[=+\-@\t\r\0]/;

  it("the orders CSV: the hostile order's cells are text, not formulas", async () => {
    const response = await fetch(`${baseURL()}/admin/orders.csv`, { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    const rows = parseCsv((await response.text()).replace(/^\uFEFF/, ""));
    const mine = rows.find((row) => row.some((cell) => cell.includes(P.img)));
    expect(mine, "the hostile order is in the export").toBeDefined();
    expect(mine!.some((cell) => cell.startsWith("'=1+1 "))).toBe(true);
    expect(mine!.some((cell) => cell.startsWith(`'=HYPERLINK("https://evil.example","x")`))).toBe(true);
    for (const row of rows) for (const cell of row) expect(dangerous.test(cell), `orders.csv cell ${JSON.stringify(cell)}`).toBe(false);
  });

  it("the inventory CSV: the formula title and SKU come out with a leading apostrophe", async () => {
    const response = await fetch(`${baseURL()}/admin/inventory.csv`, { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    const rows = parseCsv((await response.text()).replace(/^\uFEFF/, ""));
    const formula = rows.find((row) => row.some((cell) => cell.includes("HYPERLINK")));
    expect(formula).toBeDefined();
    expect(formula).toContain(`'=HYPERLINK("https://evil.example","x")`);
    expect(formula).toContain("'@SUM(A1:A9)");
    const hostile = rows.find((row) => row.includes(ALL));
    expect(hostile, "the XSS product's title is exported verbatim").toBeDefined();
    for (const row of rows) for (const cell of row) expect(dangerous.test(cell), `inventory.csv cell ${JSON.stringify(cell)}`).toBe(false);
  });
});
