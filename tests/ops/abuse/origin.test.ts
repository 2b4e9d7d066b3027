import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import { adminCookie, createAdmin, startServer, type RunningServer } from "../../support/production-server";

/*
 * The origin rule and the request edge, replayed as an attacker would against the production
 * build (docs/decisions/0021-one-origin-rule.md): forged X-Forwarded-* never reach a page, a
 * feed or a QR code; a foreign Host is refused; PUBLIC_URL wins over every header; a forged
 * X-Forwarded-For does not move the address limits count; malformed requests and odd methods
 * get 400/405, never 500; /ADMIN/… is the admin area for every middleware; error logs carry no
 * query string.
 */

const PRODUCT = demoProducts[0]!;
const PRODUCT_PAGE = `/products/${PRODUCT.slug}`;
const EVIL = "evil.example";
const POISON = { "X-Forwarded-Host": EVIL, "X-Forwarded-Proto": "https" };
const ADMIN = { email: "abuse-origin@souq.test", password: "abuse-Origin-Passw0rd!" } as const;

let dir: string;
const servers: RunningServer[] = [];

async function start(name: string, env: Record<string, string>, admin = false): Promise<RunningServer> {
  const databaseFile = join(dir, `${name}.db`);
  const server = await startServer(databaseFile, { LOG_LEVEL: "info", ...env });
  servers.push(server);
  if (admin) createAdmin(databaseFile, ADMIN.email, ADMIN.password);
  return server;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "souq-abuse-origin-"));
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  rmSync(dir, { recursive: true, force: true });
});

/** A raw HTTP/1.1 request: any method, any Host, the path exactly as written (fetch allows none of these). */
function raw(server: RunningServer, method: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(server.baseURL);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, method, path, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

async function text(server: RunningServer, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.baseURL}${path}`, { headers, redirect: "manual" });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

async function shareLink(server: RunningServer, headers: Record<string, string> = {}) {
  return fetch(`${server.baseURL}/api/share-links`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.baseURL, ...headers },
    body: JSON.stringify({ targetType: "product", targetId: PRODUCT.id }),
  });
}

/** Every absolute URL the shop builds from its origin: the product page's head, robots.txt, sitemap.xml. */
async function originBearing(server: RunningServer, headers: Record<string, string> = {}) {
  const page = await text(server, PRODUCT_PAGE, headers);
  const robots = await text(server, "/robots.txt", headers);
  const sitemap = await text(server, "/sitemap.xml", headers);
  for (const response of [page, robots, sitemap]) expect(response.status).toBe(200);
  return { page: page.body, robots: robots.body, sitemap: sitemap.body };
}

/** The canonical, og:url, og:image, hreflang and JSON-LD URLs of a product page. */
function pageUrls(html: string): string[] {
  const urls = [
    ...[...html.matchAll(/<link[^>]+rel="(?:canonical|alternate)"[^>]*>/g)].map((m) => /href="([^"]+)"/.exec(m[0])?.[1]),
    ...[...html.matchAll(/<meta[^>]+property="og:(?:url|image)"[^>]*>/g)].map((m) => /content="([^"]+)"/.exec(m[0])?.[1]),
    ...[...html.matchAll(/"(?:url|@id|item|image)":"(https?:[^"]+)"/g)].map((m) => m[1]),
  ];
  return urls.filter((url): url is string => typeof url === "string" && /^https?:/.test(url));
}

describe("without PUBLIC_URL or TRUST_PROXY", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await start("plain", {}, true);
  });

  it("never lets a forged X-Forwarded-Host/-Proto into a page, a feed or a QR code, now or later", async () => {
    const link = (await (await shareLink(server)).json()) as { code: string };
    const qr = `/qr/${link.code}.svg`;
    const cleanQr = (await text(server, qr)).body;
    // The attacker goes first and keeps at it, to fill every cache with the poisoned origin.
    for (let round = 0; round < 3; round++) {
      const poisoned = await originBearing(server, POISON);
      for (const body of Object.values(poisoned)) expect(body).not.toContain(EVIL);
      expect((await text(server, qr, POISON)).body).toBe(cleanQr);
    }
    const later = await originBearing(server);
    const urls = pageUrls(later.page);
    expect(urls.length).toBeGreaterThanOrEqual(4);
    for (const url of urls) expect(url.startsWith(`${server.baseURL}/`), url).toBe(true);
    expect(later.robots).toContain(`Sitemap: ${server.baseURL}/sitemap.xml`);
    expect(later.sitemap).toContain(`<loc>${server.baseURL}/`);
    for (const body of Object.values(later)) expect(body).not.toContain(EVIL);
    expect((await text(server, qr)).body).toBe(cleanQr);
  });

  it("answers 400 to a request for a host the shop does not answer to (health probes excepted)", async () => {
    const port = new URL(server.baseURL).port;
    for (const host of [EVIL, `${EVIL}:${port}`, `127.0.0.1:1`, `localhost.${EVIL}`]) {
      for (const path of [PRODUCT_PAGE, "/robots.txt", "/sitemap.xml", "/"]) {
        const response = await raw(server, "GET", path, { Host: host });
        expect(response.status, `${host}${path}`).toBe(400);
        expect(response.body).not.toContain(EVIL);
      }
    }
    expect((await raw(server, "GET", "/robots.txt", { Host: `localhost:${port}` })).body).toContain(`http://localhost:${port}/sitemap.xml`);
    expect((await raw(server, "GET", "/healthz", { Host: "10.1.2.3:3000" })).status).toBe(200);
  });

  it("answers 400, never 500, to malformed percent-encoding in the path or the query, and to a target that is not a path", async () => {
    const targets = [
      "/products/%E0%A4%A",
      "/%",
      "/search?q=%E0%A4%A",
      "/search?q=%",
      "/search?q=%FF",
      "/admin/login?redirectTo=%ZZ",
      "/robots.txt?%C3%28",
    ];
    for (const path of [...targets, `http://${EVIL}/robots.txt`, `${server.baseURL}/robots.txt`, "*"]) {
      const response = await raw(server, "GET", path);
      expect(response.status, path).toBe(400);
    }
    expect((await raw(server, "GET", "/search?q=%D8%AE%D9%84%D8%A7%D8%B7+x")).status).toBe(200);
  });

  it("answers 405 with Allow to methods the shop does not use", async () => {
    for (const method of ["TRACE", "PUT", "DELETE", "PATCH", "OPTIONS", "PROPFIND"]) {
      for (const path of ["/", "/api/orders", "/admin/categories"]) {
        const response = await raw(server, method, path);
        expect(response.status, `${method} ${path}`).toBe(405);
      }
    }
    const response = await fetch(`${server.baseURL}/`, { method: "DELETE" });
    expect(response.headers.get("allow")).toBe("GET, HEAD, POST");
  });

  it("guards /ADMIN/… like /admin/… and clears the page cache after a change made through it", async () => {
    const cookie = await adminCookie(server.baseURL, ADMIN.email, ADMIN.password);
    const form = (name: string) => new URLSearchParams({ intent: "update", key: "kitchen", name, nameEn: name, nameFr: name });
    for (const path of ["/ADMIN/categories", "/%61dmin/categories", "/Admin/categories.data"]) {
      const refused = await fetch(`${server.baseURL}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: `http://${EVIL}`, Cookie: cookie },
        body: form("cross-site"),
      });
      expect(refused.status, path).toBe(403);
    }
    await text(server, "/categories/kitchen");
    expect((await text(server, "/categories/kitchen")).headers.get("x-cache")).toBe("HIT");
    const renamed = await fetch(`${server.baseURL}/ADMIN/categories`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseURL, Cookie: cookie },
      body: form("مطبخ الشتاء"),
    });
    expect([302, 303]).toContain(renamed.status);
    const after = await text(server, "/categories/kitchen");
    expect(after.headers.get("x-cache")).toBe("MISS");
    expect(after.body).toContain("مطبخ الشتاء");
  });

  it("sends a redirectTo that a header cannot carry to a safe same-site path, never a 500", async () => {
    const cookie = await adminCookie(server.baseURL, ADMIN.email, ADMIN.password);
    const signedIn = await raw(server, "GET", "/admin/login?redirectTo=/%01/x", { Cookie: cookie });
    expect(signedIn.status).toBe(302);
    const arabic = await fetch(`${server.baseURL}/admin/login?redirectTo=${encodeURIComponent("/admin/orders?q=محمد")}`, {
      headers: { Cookie: cookie },
      redirect: "manual",
    });
    expect(arabic.status).toBe(302);
    expect(arabic.headers.get("location")).toBe("/admin/orders?q=%D9%85%D8%AD%D9%85%D8%AF");
    expect((await raw(server, "GET", "/admin/login?redirectTo=/%01/x")).status).toBe(200);
    const signIn = await fetch(`${server.baseURL}/admin/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseURL },
      body: new URLSearchParams({ ...ADMIN, redirectTo: "/\u0001/x" }),
    });
    expect(signIn.status).toBe(303);
    expect(signIn.headers.get("location")).toBe("/admin");
    const language = await fetch(`${server.baseURL}/api/language`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseURL },
      body: new URLSearchParams({ lng: "fr", redirectTo: "/search?q=خلاط\u0001" }),
    });
    expect(language.status).toBe(303);
    expect(language.headers.get("location")).toBe("/");
  });

  it("logs a refused request's path without its query string", async () => {
    const secret = "0550123456";
    const refused = await fetch(`${server.baseURL}${PRODUCT_PAGE}?q=${secret}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: `http://${EVIL}` },
      body: "intent=order",
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const lines = server.output().split("\n");
    const logged = lines.filter((line) => line.includes("cross-site action refused"));
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.at(-1)).toContain(`"path":"${PRODUCT_PAGE}"`);
    expect(server.output()).not.toContain(secret);
  });
});

describe("with PUBLIC_URL", () => {
  const PUBLIC = "https://shop.example";
  let server: RunningServer;
  beforeAll(async () => {
    server = await start("public", { PUBLIC_URL: PUBLIC });
  });

  it("uses it in every page, feed and QR code, whatever Host and forwarded headers say", async () => {
    const port = new URL(server.baseURL).port;
    const link = (await (await shareLink(server)).json()) as { code: string; fullUrl: string };
    expect(link.fullUrl.startsWith(`${PUBLIC}/`)).toBe(true);
    const qr = `/qr/${link.code}.svg`;
    const reference = (await text(server, qr)).body;
    for (const headers of [{}, POISON, { "X-Forwarded-Host": `localhost:${port}`, "X-Forwarded-Proto": "http" }]) {
      const seen = await originBearing(server, headers);
      const urls = pageUrls(seen.page);
      expect(urls.length).toBeGreaterThanOrEqual(4);
      for (const url of urls) expect(url.startsWith(`${PUBLIC}/`), url).toBe(true);
      expect(seen.robots).toContain(`Sitemap: ${PUBLIC}/sitemap.xml`);
      expect(seen.sitemap).toContain(`<loc>${PUBLIC}/`);
      expect(seen.sitemap).not.toContain("127.0.0.1");
      for (const body of Object.values(seen)) expect(body).not.toContain(EVIL);
      expect((await text(server, qr, headers)).body).toBe(reference);
    }
    const viaLocalhost = await raw(server, "GET", "/robots.txt", { Host: `localhost:${port}` });
    expect(viaLocalhost.body).toContain(`Sitemap: ${PUBLIC}/sitemap.xml`);
    // PUBLIC_URL's own host is an allowed host; a foreign one still is not.
    expect((await raw(server, "GET", "/robots.txt", { Host: "shop.example" })).status).toBe(200);
    expect((await raw(server, "GET", "/robots.txt", { Host: EVIL })).status).toBe(400);
  });
});

describe("behind one trusted proxy (TRUST_PROXY=1)", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await start("proxied", { TRUST_PROXY: "1", SHARE_LINK_RATE_LIMIT_PER_IP: "3" });
  });

  it("counts limits by the address the proxy appended, not the client's forged leftmost X-Forwarded-For", async () => {
    for (let i = 1; i <= 3; i++) expect((await shareLink(server, { "X-Forwarded-For": `198.51.100.${i}, 203.0.113.9` })).status).toBeLessThan(300);
    const forged = await shareLink(server, { "X-Forwarded-For": "198.51.100.77, 203.0.113.9" });
    expect(forged.status).toBe(429);
    // Another real client behind the same proxy has its own count.
    expect((await shareLink(server, { "X-Forwarded-For": "203.0.113.10" })).status).toBeLessThan(300);
    expect(server.output()).toContain('"ip":"203.0.113.9"');
    expect(server.output()).not.toContain("198.51.100.77");
  });

  it("believes the proxy's X-Forwarded-Proto, and checks its X-Forwarded-Host like a Host", async () => {
    const https = await text(server, "/robots.txt", { "X-Forwarded-Proto": "https" });
    expect(https.body).toContain(`Sitemap: https://127.0.0.1:${new URL(server.baseURL).port}/sitemap.xml`);
    expect((await text(server, "/robots.txt", { "X-Forwarded-Host": EVIL })).status).toBe(400);
    expect((await text(server, "/robots.txt", { "X-Forwarded-Host": "localhost" })).body).toContain("Sitemap: http://localhost/sitemap.xml");
  });
});
