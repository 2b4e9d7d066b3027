import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "~/data/demo-catalogue";
import { openDatabase } from "~/server/db/db.server";
import { adminCookie, createAdmin, orderBody, startServer, type RunningServer } from "../support/production-server";

// Backup while the server serves, then restore into a fresh database file: the same orders (with
// their items) and products, row by row. Also: restore refuses a file that is not a Souq database.

const ADMIN = { email: "ops-admin@souq.test", password: "ops-Admin-Passw0rd!" };
let dir: string;
let server: RunningServer | undefined;

function npmScript(script: "backup" | "restore", args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], {
    env: { ...process.env, ...env },
    encoding: "utf8",
  });
}

async function snapshot(file: string) {
  const { db, close } = openDatabase(`file:${file}`);
  try {
    return {
      orders: await db.selectFrom("orders").selectAll().orderBy("id").execute(),
      items: await db.selectFrom("order_items").selectAll().orderBy("id").execute(),
      products: await db.selectFrom("products").selectAll().orderBy("id").execute(),
    };
  } finally {
    await close();
  }
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "souq-ops-backup-"));
});

afterAll(async () => {
  await server?.stop("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

describe("npm run backup / npm run restore (SQLite)", () => {
  it("backs up a serving shop and restores the same orders and products into a fresh database", async () => {
    const file = join(dir, "shop.db");
    server = await startServer(file, { LOG_LEVEL: "warn" });
    createAdmin(file, ADMIN.email, ADMIN.password);
    const { baseURL } = server;

    // Orders and an admin edit on the running server.
    const stocked = demoProducts.filter((p) => !p.variants && p.inStock && p.stockQuantity >= 5);
    for (let i = 0; i < 5; i++) {
      const response = await fetch(`${baseURL}/api/orders`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "same-origin", "Idempotency-Key": `backup-${i}` },
        body: orderBody(stocked[i]!.id, `066100000${i}`),
      });
      expect(response.status).toBe(201);
    }
    const edited = stocked[6]!;
    const cookie = await adminCookie(baseURL, ADMIN.email, ADMIN.password);
    const edit = await fetch(`${baseURL}/admin/inventory`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, Origin: baseURL, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "set-stock", productId: edited.id, quantity: "4321" }),
    });
    expect(edit.status).toBeLessThan(400);

    // The backup runs while the server keeps answering requests.
    let serving = true;
    let answered = 0;
    const traffic = (async () => {
      while (serving) {
        if ((await fetch(`${baseURL}/`)).ok) answered += 1;
      }
    })();
    const backupDir = join(dir, "backups");
    const backup = npmScript("backup", [], { DATABASE_URL: `file:${file}`, BACKUP_DIR: backupDir });
    serving = false;
    await traffic;
    expect(backup.status, backup.stderr).toBe(0);
    const backupFile = backup.stdout.trim();
    expect(backupFile).toMatch(/shop-\d{8}-\d{6}\.db$/);
    expect(readdirSync(backupDir)).toHaveLength(1);
    expect(answered).toBeGreaterThan(0);

    const { code } = await server.stop();
    server = undefined;
    expect(code).toBe(0);
    const original = await snapshot(file);
    expect(original.orders).toHaveLength(5);
    expect(original.products.find((p) => p.id === edited.id)?.stock_quantity).toBe(4321);

    // Restore into a fresh database file.
    const fresh = join(dir, "restored", "shop.db");
    const restored = npmScript("restore", ["--", backupFile], { DATABASE_URL: `file:${fresh}` });
    expect(restored.status, restored.stderr).toBe(0);
    const copy = await snapshot(fresh);
    expect(copy.orders).toEqual(original.orders);
    expect(copy.items).toEqual(original.items);
    expect(copy.products).toEqual(original.products);

    // The restored file serves: readiness says every migration is there.
    server = await startServer(fresh, { LOG_LEVEL: "warn" });
    expect((await fetch(`${server.baseURL}/readyz`)).status).toBe(200);
    await server.stop();
    server = undefined;
  });

  it("refuses a file that is not a Souq database, and keeps the database in place", async () => {
    const target = join(dir, "keep", "shop.db");
    const notSqlite = join(dir, "notes.db");
    writeFileSync(notSqlite, "hello");
    // A sound SQLite file without the shop's tables.
    const empty = join(dir, "empty.db");
    const { db, close } = openDatabase(`file:${empty}`);
    await db.schema.createTable("t").addColumn("x", "integer").execute();
    await close();

    for (const file of [notSqlite, empty, join(dir, "missing.db")]) {
      const result = npmScript("restore", [file], { DATABASE_URL: `file:${target}` });
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/Restore refused/);
    }
    expect(existsSync(target)).toBe(false);
  });

  it("points to pg_dump for PostgreSQL", () => {
    const result = npmScript("backup", [], { DATABASE_URL: "postgres://souq@127.0.0.1:1/souq" });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/pg_dump -Fc/);
  });
});
