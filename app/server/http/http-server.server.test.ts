import express from "express";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createHttpServer } from "./http-server.server";

// Express re-prototypes every request and response (Object.setPrototypeOf) unless they already
// have the application's prototypes; doing it on fresh objects made V8 promote most of each
// request to the old generation (see http-server.server.ts). These tests pin the mechanism.

let server: Server | undefined;
afterEach(() => server?.close());

async function listen(app: express.Express, make: (app: express.Express) => Server) {
  server = make(app);
  // What a request and a response look like before Express sees them.
  const born: Array<{ req: object | null; res: object | null }> = [];
  server.prependListener("request", (req: IncomingMessage, res: ServerResponse) => {
    born.push({ req: Object.getPrototypeOf(req) as object | null, res: Object.getPrototypeOf(res) as object | null });
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server!.once("listening", resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, born };
}

function shopLikeApp() {
  const app = express();
  app.set("trust proxy", true);
  // The React Router application is mounted the way server.js mounts it: a Router.
  const pages = express.Router();
  pages.get("/where", (req, res) => {
    res.json({ protocol: req.protocol, host: req.host, q: req.query.q, sameProto: Object.getPrototypeOf(req) === app.request });
  });
  app.use(pages);
  return app;
}

describe("createHttpServer", () => {
  it("makes every request and response with the Express application's prototypes from the start", async () => {
    const app = shopLikeApp();
    const { base, born } = await listen(app, createHttpServer);
    for (let i = 0; i < 3; i++) expect((await fetch(`${base}/where`)).status).toBe(200);
    expect(born).toHaveLength(3);
    for (const { req, res } of born) {
      expect(req).toBe(app.request);
      expect(res).toBe(app.response);
    }
  });

  it("leaves Express working as before: request helpers (trust proxy, query), a mounted router, JSON", async () => {
    const app = shopLikeApp();
    const { base } = await listen(app, createHttpServer);
    const response = await fetch(`${base}/where?q=%D8%AE%D9%84%D8%A7%D8%B7`, {
      headers: { "x-forwarded-proto": "https", "x-forwarded-host": "shop.example" },
    });
    expect(await response.json()).toEqual({ protocol: "https", host: "shop.example", q: "خلاط", sameProto: true });
  });

  it("(the cause) a plain http server makes them with Node's prototypes, for Express to swap on every request", async () => {
    const app = shopLikeApp();
    const { base, born } = await listen(app, (a) => createServer(a));
    await fetch(`${base}/where`);
    expect(born[0]!.req).not.toBe(app.request);
    expect(born[0]!.res).not.toBe(app.response);
  });
});
