import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ar from "~/i18n/ar";
import fr from "~/i18n/fr";
import { seedWilayas } from "~/server/db/seed.server";
import { blockPhone } from "~/server/orders/order-workflow.server";
import {
  listEnquiries,
  setEnquiryStatus,
  submitEnquiry,
  type EnquiryContext,
  type WholesaleSettings,
} from "~/server/wholesale/wholesale.service.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedWilayas(t.db);
});
afterAll(async () => {
  await t.destroy();
});

/** Generous limits: most tests are not about them. */
const open: WholesaleSettings = { perIp: { limit: 10_000, windowSeconds: 600 }, perPhone: { limit: 10_000, windowSeconds: 3600 } };

let phoneCounter = 0;
/** A fresh valid mobile number per call, so per-phone limits never mix tests up. */
function nextPhone(): string {
  phoneCounter += 1;
  return `0772${String(phoneCounter).padStart(6, "0")}`;
}

let ipCounter = 0;
const context = (extra: Partial<EnquiryContext> = {}): EnquiryContext => {
  ipCounter += 1;
  return { ip: `198.51.100.${ipCounter}`, language: "ar", ...extra };
};

function body(overrides: Record<string, unknown> = {}) {
  return {
    businessName: "Sarl El Baraka",
    contactName: "كريم منصوري",
    phone: nextPhone(),
    wilaya: "31",
    categories: ["perfumery", "home-appliances"],
    estimatedQuantity: "50 cartons / month",
    message: "Prix pour 50 cartons ?",
    ...overrides,
  };
}

async function enquiryCount(): Promise<number> {
  const row = await t.db
    .selectFrom("wholesale_enquiries")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("a trade buyer's enquiry", () => {
  it("is stored normalised, with status new, the address and the browser", async () => {
    const sent = body({ phone: "+213 770 12-34-99", businessName: "  Sarl Test  ", message: "  " });
    const result = await submitEnquiry(t.db, sent, context({ ip: "192.0.2.10", userAgent: "vitest" }), open);
    expect(result).toEqual({ ok: true, status: 201, id: expect.any(Number) });
    if (!result.ok) return;
    const row = await t.db.selectFrom("wholesale_enquiries").selectAll().where("id", "=", result.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      business_name: "Sarl Test",
      contact_name: "كريم منصوري",
      phone: "0770123499",
      wilaya_code: "31",
      categories: "home-appliances,perfumery",
      estimated_quantity: "50 cartons / month",
      message: null,
      status: "new",
      ip: "192.0.2.10",
      user_agent: "vitest",
    });
    expect(Number.isNaN(Date.parse(row.created_at))).toBe(false);
  });

  it("is refused with translated errors per field, and nothing is stored", async () => {
    const before = await enquiryCount();
    const result = await submitEnquiry(
      t.db,
      body({ businessName: "", phone: "12345", wilaya: "7", categories: ["perfumery", "drones"] }),
      context({ language: "fr" }),
      open,
    );
    expect(result).toEqual({
      ok: false,
      status: 422,
      error: {
        code: "invalid_enquiry",
        message: fr.wholesale.errors.invalid_enquiry,
        fields: {
          businessName: fr.wholesale.fields.required,
          phone: fr.wholesale.fields.invalid_phone,
          wilaya: fr.wholesale.fields.invalid_wilaya,
          categories: fr.wholesale.fields.invalid_category,
        },
      },
    });
    expect(await enquiryCount()).toBe(before);
  });

  it("refuses a well-formed code that names no wilaya, and no category at all", async () => {
    const unknown = await submitEnquiry(t.db, body({ wilaya: "99" }), context(), open);
    expect(unknown).toEqual({
      ok: false,
      status: 422,
      error: { code: "unknown_wilaya", message: ar.wholesale.errors.unknown_wilaya, fields: { wilaya: ar.wholesale.fields.unknown_wilaya } },
    });
    const none = await submitEnquiry(t.db, body({ categories: [] }), context(), open);
    expect(!none.ok && none.error.fields).toEqual({ categories: ar.wholesale.fields.categories_required });
  });

  it("refuses a filled honeypot without storing anything", async () => {
    const before = await enquiryCount();
    const result = await submitEnquiry(t.db, body({ website: "http://spam.example" }), context(), open);
    expect(result).toEqual({ ok: false, status: 422, error: { code: "rejected", message: ar.wholesale.errors.rejected, fields: {} } });
    expect(await enquiryCount()).toBe(before);
  });

  it("refuses a blocked phone, however it is typed", async () => {
    const phone = nextPhone();
    expect(await blockPhone(t.db, phone, { adminId: null, email: "admin@souq.test" }, "spam")).toEqual({ ok: true });
    const before = await enquiryCount();
    const typed = `+213 ${phone.slice(1, 4)} ${phone.slice(4)}`;
    const result = await submitEnquiry(t.db, body({ phone: typed }), context(), open);
    expect(!result.ok && result.error.code).toBe("rejected");
    expect(!result.ok && result.status).toBe(422);
    expect(await enquiryCount()).toBe(before);
  });
});

describe("rate limits", () => {
  it("refuse past the per-address limit of the window (429), other addresses still pass, the next window opens again", async () => {
    const settings: WholesaleSettings = {
      perIp: { limit: 2, windowSeconds: 600 },
      perPhone: { limit: 100, windowSeconds: 3600 },
      now: () => new Date("2026-12-01T10:00:00Z"),
    };
    const ip = context({ ip: "203.0.113.7" });
    expect((await submitEnquiry(t.db, body(), ip, settings)).ok).toBe(true);
    expect((await submitEnquiry(t.db, body(), ip, settings)).ok).toBe(true);
    const before = await enquiryCount();
    const third = await submitEnquiry(t.db, body(), ip, settings);
    expect(third).toEqual({ ok: false, status: 429, error: { code: "rate_limited", message: ar.wholesale.errors.rate_limited, fields: {} } });
    expect(await enquiryCount()).toBe(before);
    expect((await submitEnquiry(t.db, body(), context({ ip: "203.0.113.8" }), settings)).ok).toBe(true);
    const later = { ...settings, now: () => new Date("2026-12-01T10:10:00Z") };
    expect((await submitEnquiry(t.db, body(), ip, later)).ok).toBe(true);
  });

  it("refuse past the per-phone limit from the same address, whatever the phone's spelling", async () => {
    const settings: WholesaleSettings = {
      perIp: { limit: 100, windowSeconds: 600 },
      perPhone: { limit: 1, windowSeconds: 3600 },
      now: () => new Date("2026-12-01T11:00:00Z"),
    };
    const phone = nextPhone();
    const from = context();
    expect((await submitEnquiry(t.db, body({ phone }), from, settings)).ok).toBe(true);
    const again = await submitEnquiry(t.db, body({ phone: `00213${phone.slice(1)}` }), from, settings);
    expect(!again.ok && again.status).toBe(429);
    expect((await submitEnquiry(t.db, body(), from, settings)).ok).toBe(true);
  });

  it("never lock a phone's owner out: past the per-phone limit from other addresses, the enquiry is taken", async () => {
    const settings: WholesaleSettings = {
      perIp: { limit: 100, windowSeconds: 600 },
      perPhone: { limit: 2, windowSeconds: 3600 },
      now: () => new Date("2026-12-01T12:00:00Z"),
    };
    const phone = nextPhone();
    for (const ip of ["203.0.113.60", "203.0.113.60", "203.0.113.61", "203.0.113.62"]) {
      expect((await submitEnquiry(t.db, body({ phone }), context({ ip }), settings)).ok, ip).toBe(true);
    }
    expect((await submitEnquiry(t.db, body({ phone }), context({ ip: "203.0.113.63" }), settings)).ok).toBe(true);
  });

  it("are counted under their own wholesale: keys, apart from the orders' counters", async () => {
    const keys = await t.db.selectFrom("rate_limit_counters").select("key").execute();
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((row) => row.key.startsWith("wholesale:"))).toBe(true);
  });
});

// The form's own post through its route action: tests/integration/order-forms.test.ts.

describe("the admin list", () => {
  it("lists newest first with the wilaya's name and translated-ready category keys, paginated", async () => {
    const total = await enquiryCount();
    const first = await listEnquiries(t.db, { page: 1, language: "ar", perPage: 2 });
    expect(first.total).toBe(total);
    expect(first.pageCount).toBe(Math.ceil(total / 2));
    expect(first.enquiries).toHaveLength(2);
    const all = await listEnquiries(t.db, { page: 1, language: "fr", perPage: 1000 });
    const dates = all.enquiries.map((e) => e.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const oran = all.enquiries.find((e) => e.wilayaCode === "31")!;
    expect(oran.wilayaName).toBe("Oran");
    expect((await listEnquiries(t.db, { page: 1, language: "ar", perPage: 1000 })).enquiries.find((e) => e.id === oran.id)!.wilayaName).toBe("وهران");
    expect(oran.categories.every((key) => typeof key === "string")).toBe(true);
    // A page past the last shows the last.
    expect((await listEnquiries(t.db, { page: 999, language: "ar", perPage: 2 })).page).toBe(first.pageCount);
  });

  it("lets the admin set the status; refuses an unknown status or enquiry", async () => {
    const { enquiries } = await listEnquiries(t.db, { page: 1, language: "ar" });
    const id = enquiries[0]!.id;
    const admin = { email: "admin@souq.test" };
    expect(await setEnquiryStatus(t.db, String(id), "contacted", admin)).toEqual({ ok: true });
    expect(await setEnquiryStatus(t.db, String(id), "closed", admin)).toEqual({ ok: true });
    const row = await t.db.selectFrom("wholesale_enquiries").select("status").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.status).toBe("closed");
    expect(await setEnquiryStatus(t.db, String(id), "shipped", admin)).toEqual({ ok: false, code: "invalid_status" });
    expect(await setEnquiryStatus(t.db, "999999", "new", admin)).toEqual({ ok: false, code: "not_found" });
    expect(await setEnquiryStatus(t.db, "abc", "new", admin)).toEqual({ ok: false, code: "not_found" });
    expect((await listEnquiries(t.db, { page: 1, language: "ar" })).enquiries.find((e) => e.id === id)!.status).toBe("closed");
  });
});
