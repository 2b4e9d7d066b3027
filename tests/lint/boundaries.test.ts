import { ESLint } from "eslint";
import { describe, expect, it, vi } from "vitest";

// The layering rules of eslint.config.js, each shown failing on a breach and silent on clean code.
// The code is linted as if it lived at `filePath` (nothing is written there); the import cycle is
// two real files under tests/lint/fixtures/, which `npm run lint` ignores (`ignore: false` here).

const eslint = new ESLint({ ignore: false });
// The first lint loads the typed configuration and its plugins: seconds on a busy machine, and
// no test here measures time.
vi.setConfig({ testTimeout: 30_000 });

/** The rules that fire on `code` at `filePath`, each named once. */
async function rulesFiredBy(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return [...new Set(result!.messages.map((message) => message.ruleId ?? `fatal: ${message.message}`))];
}

describe("routes", () => {
  it("may not import a repository, even through ~/", async () => {
    expect(
      await rulesFiredBy(
        `import { listOrders } from "~/server/orders/admin-orders.repo.server";\nexport const loader = () => listOrders();\n`,
        "app/routes/admin/fixture.tsx",
      ),
    ).toEqual(["no-restricted-imports"]);
  });

  it("reach a domain only through its public module", async () => {
    expect(
      await rulesFiredBy(
        `import { placeOrder } from "~/server/orders/order.service.server";\nexport const action = () => placeOrder();\n`,
        "app/routes/shop/fixture.tsx",
      ),
    ).toEqual(["no-restricted-imports"]);
  });

  it("pass when they import the public module, the HTTP layer, the infrastructure, lib and components", async () => {
    const clean = [
      `import { data } from "react-router";`,
      `import { placeOrder } from "~/server/orders/index.server";`,
      `import { readForm } from "~/server/http/form-body.server";`,
      `import { database } from "~/server/db/db.server";`,
      `import { env } from "~/server/env.server";`,
      `import { logger } from "~/server/logger.server";`,
      `import { formatPrice } from "~/lib/money";`,
      `import { Button } from "~/components/ui/Button";`,
      `export async function action({ request }: { request: Request }) {`,
      `  logger.info({ shop: env().SHOP_NAME });`,
      `  return data(await placeOrder(database(), await readForm(request), formatPrice, Button));`,
      `}`,
      ``,
    ].join("\n");
    expect(await rulesFiredBy(clean, "app/routes/shop/fixture.tsx")).toEqual([]);
  });
});

describe("domain modules (app/server outside http/)", () => {
  it("may not import react-router", async () => {
    expect(
      await rulesFiredBy(`import { redirect } from "react-router";\nexport const go = () => redirect("/");\n`, "app/server/orders/fixture.server.ts"),
    ).toEqual(["no-restricted-imports"]);
  });

  it.each([
    ["a Request", `export const url = (request: Request) => request.url;\n`],
    ["a Response", `export const status = (response: Response) => response.status;\n`],
    ["new Response", `export const ok = () => new Response("ok");\n`],
    ["Response.json", `export const ok = () => Response.json({ ok: true });\n`],
    ["requireAdmin", `import { requireAdmin } from "~/server/auth/index.server";\nexport const guard = () => requireAdmin();\n`],
  ])("may not speak HTTP: %s", async (_what, code) => {
    expect(await rulesFiredBy(code, "app/server/catalog/fixture.server.ts")).toEqual(["no-restricted-syntax"]);
  });

  it("may not import a component", async () => {
    expect(
      await rulesFiredBy(
        `import type { Row } from "~/components/admin/Table";\nexport const rows: Row[] = [];\n`,
        "app/server/merchandising/fixture.server.ts",
      ),
    ).toEqual(["no-restricted-imports"]);
  });

  it("may import their own repository, not another folder's", async () => {
    expect(
      await rulesFiredBy(
        `import { insertOrder } from "./orders.repo.server";\nexport const place = insertOrder;\n`,
        "app/server/orders/fixture.server.ts",
      ),
    ).toEqual([]);
    expect(
      await rulesFiredBy(
        `import { insertOrder } from "../orders/orders.repo.server";\nexport const place = insertOrder;\n`,
        "app/server/tracking/fixture.server.ts",
      ),
    ).toEqual(["no-restricted-imports"]);
  });

  it("in app/server/http may speak HTTP", async () => {
    const code = `import { redirect } from "react-router";\nexport const go = (request: Request): Response => (request.url ? redirect("/") : new Response("ok"));\n`;
    expect(await rulesFiredBy(code, "app/server/http/fixture.server.ts")).toEqual([]);
  });
});

describe("app/lib", () => {
  it("imports nothing from the server or the components", async () => {
    expect(
      await rulesFiredBy(`import { env } from "~/server/env.server";\nexport const name = () => env().SHOP_NAME;\n`, "app/lib/fixture.ts"),
    ).toEqual(["no-restricted-imports"]);
    expect(await rulesFiredBy(`import { Button } from "../components/ui/Button";\nexport const b = Button;\n`, "app/lib/fixture.ts")).toEqual([
      "no-restricted-imports",
    ]);
  });
});

describe("import cycles", () => {
  it("fail", async () => {
    const results = await eslint.lintFiles(["tests/lint/fixtures/cycle/a.ts"]);
    expect(results.flatMap((result) => result.messages.map((message) => message.ruleId))).toEqual(["import-x/no-cycle"]);
  });
});

describe("between domains", () => {
  it("a domain reaches another only through its public module", async () => {
    expect(
      await rulesFiredBy(
        `import { recordConversion } from "../tracking/tracking.service.server";\nexport const done = () => recordConversion();\n`,
        "app/server/orders/fixture.server.ts",
      ),
    ).toEqual(["no-restricted-imports"]);
    expect(
      await rulesFiredBy(
        `import { recordConversion } from "../tracking/index.server";\nimport { toBool } from "../db/types.server";\nexport const done = () => recordConversion(toBool(1));\n`,
        "app/server/orders/fixture.server.ts",
      ),
    ).toEqual([]);
  });

  it("a domain's sub-folder reaches its own domain by ../ and another only through its public module", async () => {
    expect(
      await rulesFiredBy(
        `import { recordConversion } from "../../tracking/tracking.service.server";\nexport const done = () => recordConversion();\n`,
        "app/server/couriers/adapters/fixture.server.ts",
      ),
    ).toEqual(["no-restricted-imports"]);
    expect(
      await rulesFiredBy(
        `import { clientIp } from "../../http/client-address.server";\nexport const who = () => clientIp();\n`,
        "app/server/couriers/adapters/fixture.server.ts",
      ),
    ).toEqual(["no-restricted-imports"]);
    expect(
      await rulesFiredBy(
        `import { SECOND } from "../limiter.server";\nimport { recordConversion } from "../../tracking/index.server";\nexport const done = () => recordConversion(SECOND);\n`,
        "app/server/couriers/adapters/fixture.server.ts",
      ),
    ).toEqual([]);
  });

  it("a domain never imports the HTTP layer", async () => {
    expect(
      await rulesFiredBy(
        `import { clientIp } from "../http/client-address.server";\nexport const who = () => clientIp();\n`,
        "app/server/wholesale/fixture.server.ts",
      ),
    ).toEqual(["no-restricted-imports"]);
  });
});

describe("components", () => {
  it("never reach the server", async () => {
    expect(
      await rulesFiredBy(
        `import { placeOrder } from "~/server/orders/index.server";\nexport const Form = () => placeOrder();\n`,
        "app/components/shop/Fixture.tsx",
      ),
    ).toEqual(["no-restricted-imports"]);
  });
});
