import { describe, expect, it } from "vitest";
import { listingHref, PAGE_SIZE, pageCountOf, pageWindow, parseListingQuery } from "./listing";

describe("parseListingQuery", () => {
  it("reads sort and page", () => {
    expect(parseListingQuery(new URLSearchParams("sort=price-asc&page=3"))).toEqual({ sort: "price-asc", page: 3 });
  });
  it("falls back to newest, page 1 for anything invalid", () => {
    expect(parseListingQuery(new URLSearchParams(""))).toEqual({ sort: "newest", page: 1 });
    expect(parseListingQuery(new URLSearchParams("sort=<script>&page=-4"))).toEqual({ sort: "newest", page: 1 });
    expect(parseListingQuery(new URLSearchParams("page=2.5"))).toEqual({ sort: "newest", page: 1 });
    expect(parseListingQuery(new URLSearchParams("page=99999999"))).toEqual({ sort: "newest", page: 1 });
  });
});

describe("listingHref", () => {
  it("keeps only what differs from the defaults", () => {
    expect(listingHref("/categories/toys", { sort: "newest", page: 1 })).toBe("/categories/toys");
    expect(listingHref("/categories/toys", { sort: "price-desc", page: 2 })).toBe("/categories/toys?sort=price-desc&page=2");
    expect(listingHref("/search", { q: "خلاط كهربائي", sort: "newest", page: 2 })).toBe(
      "/search?q=%D8%AE%D9%84%D8%A7%D8%B7+%D9%83%D9%87%D8%B1%D8%A8%D8%A7%D8%A6%D9%8A&page=2",
    );
  });
});

describe("paging", () => {
  it("maps a page number to its rows", () => {
    expect(pageWindow(1)).toEqual({ page: 1, limit: PAGE_SIZE, offset: 0 });
    expect(pageWindow(3)).toEqual({ page: 3, limit: PAGE_SIZE, offset: 2 * PAGE_SIZE });
    expect(pageWindow(0).page).toBe(1);
    expect(pageCountOf(0)).toBe(1);
    expect(pageCountOf(PAGE_SIZE)).toBe(1);
    expect(pageCountOf(PAGE_SIZE + 1)).toBe(2);
  });
});
