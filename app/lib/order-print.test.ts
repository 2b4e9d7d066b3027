import { describe, expect, it } from "vitest";
import { UTF8_BOM } from "./csv";
import {
  itemsCount,
  lineTitle,
  localOrderDate,
  orderCsvRow,
  orderIdFromParam,
  ordersCsv,
  ordersCsvFilename,
  summariseItems,
  type OrdersCsvLabels,
  type PrintableOrder,
} from "./order-print";

const order: PrintableOrder = {
  id: 42,
  orderNumber: "SQ-000042",
  createdAt: "2026-11-22T23:30:00.000Z",
  status: "new",
  source: "cart_page",
  firstName: "أمين",
  lastName: "بن علي",
  phone: "0770123456",
  wilayaCode: "31",
  wilayaName: "Oran",
  wilayaNameAr: "وهران",
  communeName: "Bir El Djir",
  communeNameAr: "بئر الجير",
  deliveryType: "stop_desk",
  stopDeskName: "Agence Oran",
  address: "حي السلام",
  itemsTotal: 3000,
  deliveryPrice: 400,
  total: 3400,
  lines: [
    { title: "سيارة, حمراء", offerLabel: null, quantity: 2, unitPrice: 1000, lineTotal: 2000 },
    { title: '=HYPERLINK("x")', offerLabel: null, quantity: 1, unitPrice: 1000, lineTotal: 1000 },
  ],
};

const labels: OrdersCsvLabels = {
  header: {
    orderNumber: "n",
    date: "d",
    localDate: "ld",
    status: "s",
    source: "src",
    customer: "c",
    phone: "p",
    wilaya: "w",
    commune: "co",
    deliveryType: "dt",
    stopDesk: "sd",
    items: "i",
    itemsTotal: "it",
    delivery: "del",
    total: "t",
  },
  status: { new: "جديد" },
  source: { cart_page: "صفحة السلة" },
  deliveryType: { home: "إلى المنزل", stop_desk: "مكتب التوصيل" },
  locale: "ar-DZ",
  arabicNames: true,
};

describe("order printouts", () => {
  it("summarises lines as title × quantity", () => {
    expect(summariseItems(order.lines)).toBe('سيارة, حمراء × 2; =HYPERLINK("x") × 1');
    expect(itemsCount(order.lines)).toBe(3);
  });

  it("names the offer a line was sold under beside it", () => {
    const lines = [
      { title: "مصباح", offerLabel: "قطعتان −20 %", quantity: 2 },
      { title: "كتاب", offerLabel: " ", quantity: 1 },
    ];
    expect(summariseItems(lines)).toBe("مصباح × 2 (قطعتان −20 %); كتاب × 1");
    const csv = ordersCsv([{ ...order, lines: [{ title: "=x", offerLabel: "Duo", quantity: 2, unitPrice: 1, lineTotal: 2 }] }], labels);
    // The items cell still gets the formula guard.
    expect(csv).toContain(",'=x × 2 (Duo),");
  });

  it("names the file after the UTC day", () => {
    expect(ordersCsvFilename(new Date("2026-11-22T23:59:00Z"))).toBe("orders-2026-11-22.csv");
  });

  it("dates an order in Algiers time with Western digits", () => {
    // 23:30 UTC is 00:30 the next day in Algiers (UTC+1).
    expect(localOrderDate(order.createdAt, "ar-DZ")).toMatch(/^23\/11\/2026.*00:30$/);
    expect(localOrderDate(order.createdAt, "fr-DZ")).toMatch(/^23\/11\/2026/);
    expect(localOrderDate("nope", "fr-DZ")).toBe("");
  });

  it("builds one row per order with translated labels and names", () => {
    expect(orderCsvRow(order, labels)).toEqual([
      "SQ-000042",
      "2026-11-22T23:30:00.000Z",
      expect.any(String),
      "جديد",
      "صفحة السلة",
      "أمين بن علي",
      "0770123456",
      "31 - وهران",
      "بئر الجير",
      "مكتب التوصيل",
      "Agence Oran",
      'سيارة, حمراء × 2; =HYPERLINK("x") × 1',
      3000,
      400,
      3400,
    ]);
    const latin = orderCsvRow({ ...order, communeName: null, deliveryType: null, status: "weird" }, { ...labels, arabicNames: false });
    expect(latin.slice(3, 10)).toEqual(["weird", "صفحة السلة", "أمين بن علي", "0770123456", "31 - Oran", "", ""]);
    // A one-word name (the jewellery form's) as given: no trailing space.
    expect(orderCsvRow({ ...order, lastName: "" }, labels)[5]).toBe("أمين");
  });

  it("writes a BOM, the header and quoted, formula-safe cells", () => {
    const csv = ordersCsv([order], labels);
    expect(csv.startsWith(UTF8_BOM)).toBe(true);
    const lines = csv.slice(1).split("\r\n");
    expect(lines[0]).toBe("n,d,ld,s,src,c,p,w,co,dt,sd,i,it,del,t");
    expect(lines[1]).toContain('"سيارة, حمراء × 2; =HYPERLINK(""x"") × 1"');
    expect(lines[1]!.endsWith(",3000,400,3400")).toBe(true);
    expect(lines).toHaveLength(3);
    // A customer name that starts like a formula is neutralised.
    expect(ordersCsv([{ ...order, firstName: "=cmd", lastName: "" }], labels)).toContain(",'=cmd,");
  });

  it("reads a slip address's id or order number", () => {
    expect(orderIdFromParam("42")).toBe(42);
    expect(orderIdFromParam("SQ-000042")).toBe(42);
    expect(orderIdFromParam("sq-7")).toBe(7);
    expect(orderIdFromParam("0")).toBeNull();
    expect(orderIdFromParam("x1")).toBeNull();
    expect(orderIdFromParam(undefined)).toBeNull();
  });
});

describe("lineTitle", () => {
  it("names a variant after its product, and leaves a line without one as it is", () => {
    expect(lineTitle("سيارة", "أزرق")).toBe("سيارة — أزرق");
    expect(lineTitle("سيارة", null)).toBe("سيارة");
    expect(lineTitle("سيارة", " ")).toBe("سيارة");
  });
});
