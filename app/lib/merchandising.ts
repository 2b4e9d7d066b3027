/**
 * Merchandising: collections, custom landing pages and page layouts.
 * Pure and isomorphic: the constants, the shapes the server hands to pages, and the rules of
 * section order. The Zod form schemas built on them are in merchandising.schema.ts.
 */
import type { ProductCardData, ProductImageData } from "./product";
import { variantCompareAtPrice, variantPrice } from "./variants";

/** The storefront pages whose sections the merchant composes. */
export const PAGE_IDENTIFIERS = ["home", "categories", "games", "school-supplies"] as const;
export type PageIdentifier = (typeof PAGE_IDENTIFIERS)[number];

export function isPageIdentifier(value: unknown): value is PageIdentifier {
  return typeof value === "string" && (PAGE_IDENTIFIERS as readonly string[]).includes(value);
}

/** The storefront path of each composable page. */
export const PAGE_PATHS: Record<PageIdentifier, string> = {
  home: "/",
  categories: "/categories",
  games: "/games",
  "school-supplies": "/school-supplies",
};

export const SECTION_TYPES = ["hero", "featured-products", "special-offers", "collection-slider", "banner"] as const;
export type SectionType = (typeof SECTION_TYPES)[number];

export function isSectionType(value: unknown): value is SectionType {
  return typeof value === "string" && (SECTION_TYPES as readonly string[]).includes(value);
}

/** Longest accepted value of each text field (characters), and the most products one list may hold. */
export const MERCH_LIMITS = {
  title: 200,
  slug: 100,
  description: 2000,
  subtitle: 300,
  metaTitle: 120,
  metaDescription: 300,
  products: 100,
} as const;

/** Products shown at most by one storefront section (a grid or a slider). */
export const SECTION_PRODUCT_LIMIT = 12;

/** Milliseconds between the last product added by "add all to cart" and its message. */
export const ADD_ALL_MESSAGE_DELAY_MS = 500;

export const collectionPath = (slug: string) => `/collections/${encodeURIComponent(slug)}`;
export const customPagePath = (slug: string) => `/pages/${encodeURIComponent(slug)}`;

/** The largest id a collection or a custom page can have (a PostgreSQL serial). */
export const MERCH_ID_MAX = 2_147_483_647;

/**
 * An id link's target: `/collections/{id}` or `/pages/{id}` (a trailing slash allowed, as the
 * routes allow it), the id written plainly ("7", not "07", "+7" or "7.0") and within MERCH_ID_MAX;
 * null for any other path. `key` is the path's last segment as the route reads it, which may
 * also be a slug: slugs may be digits (MERCH_SLUG_PATTERN), and an existing one wins.
 */
export function merchIdLinkOf(pathname: string): { kind: "collection" | "page"; key: string; id: number } | null {
  const match = /^\/(collections|pages)\/([1-9]\d{0,9})\/?$/.exec(pathname);
  if (!match) return null;
  const id = Number(match[2]);
  if (id > MERCH_ID_MAX) return null;
  return { kind: match[1] === "collections" ? "collection" : "page", key: match[2]!, id };
}

// ---------------------------------------------------------------------------------------------
// What the storefront shows

export interface PublicCollection {
  id: number;
  slug: string;
  title: string;
  description: string | null;
  bannerImage: ProductImageData | null;
  metaTitle: string | null;
  metaDescription: string | null;
  /** Its products in the admin's order, out-of-stock ones left out. */
  products: ProductCardData[];
}

export interface PublicCustomPage {
  id: number;
  slug: string;
  title: string;
  description: string | null;
  heroImage: ProductImageData | null;
  metaTitle: string | null;
  metaDescription: string | null;
  /** Its products in the admin's order. */
  products: ProductCardData[];
}

/** A featured collection as the home page lists it. */
export interface CollectionTeaser {
  id: number;
  slug: string;
  title: string;
  description: string | null;
  bannerImage: ProductImageData | null;
  /** Products the collection page would show (in stock). */
  productCount: number;
}

/** One active section of a storefront page, resolved for display. */
export interface StorefrontSection {
  id: number;
  type: SectionType;
  title: string;
  subtitle: string | null;
  /** Its chosen products in order, in stock only, at most SECTION_PRODUCT_LIMIT. */
  products: ProductCardData[];
  /** For collection-slider: the active collection it shows (null when none or inactive). */
  collection: (CollectionTeaser & { products: ProductCardData[] }) | null;
}

// ---------------------------------------------------------------------------------------------
// What the admin shows

/** A product in the admin's product picker. */
export interface PickerProduct {
  id: string;
  /** The Arabic title (the admin's reference language). */
  title: string;
  price: number;
  image: ProductImageData | null;
  /** In stock with a quantity above 0. */
  available: boolean;
  /** Its active variants the list may point at (absent or empty: a product without variants). */
  variants?: PickerVariant[];
  /** The variant this list points at (absent or null: the product as a whole). */
  variantId?: number | null;
}

/** A variant the picker offers, labelled in each admin language (variantLabel). */
export interface PickerVariant {
  id: number;
  labels: { ar: string; en: string; fr: string };
}

/** One product of a collection's, a page's or a section's list, optionally at one of its variants. */
export interface ListedProduct {
  productId: string;
  /** The variant its card opens with; null: the product as a whole. */
  variantId: number | null;
}

export interface AdminCollectionCard {
  id: number;
  slug: string;
  title: string;
  description: string | null;
  bannerImage: ProductImageData | null;
  isActive: boolean;
  isFeatured: boolean;
  displayOrder: number;
  productCount: number;
}

export interface AdminCustomPageCard {
  id: number;
  slug: string;
  title: string;
  description: string | null;
  heroImage: ProductImageData | null;
  isActive: boolean;
  displayOrder: number;
  productCount: number;
}

export interface AdminPageSection {
  id: number;
  pageIdentifier: PageIdentifier;
  type: SectionType;
  title: string;
  subtitle: string | null;
  /** The translations (null when none: the storefront shows the Arabic). */
  titleEn: string | null;
  titleFr: string | null;
  subtitleEn: string | null;
  subtitleFr: string | null;
  productIds: string[];
  /** Its list with the variant each product points at (null: the product). */
  listed: ListedProduct[];
  collectionId: number | null;
  /** The title of that collection, for the list. */
  collectionTitle: string | null;
  isActive: boolean;
  displayOrder: number;
}

// ---------------------------------------------------------------------------------------------
// Section order

/** The display_order a new section gets: the highest plus 1, or 0 for the first. */
export function nextDisplayOrder(orders: readonly number[]): number {
  return orders.length === 0 ? 0 : Math.max(...orders) + 1;
}

/**
 * The neighbour a section swaps display_order with when moved up or down in a list sorted by
 * display_order, or null at either end (no move past the first or the last).
 */
export function swapPartner<T extends { id: number }>(sorted: readonly T[], id: number, direction: "up" | "down"): T | null {
  const index = sorted.findIndex((item) => item.id === id);
  if (index === -1) return null;
  const partner = direction === "up" ? index - 1 : index + 1;
  return partner >= 0 && partner < sorted.length ? sorted[partner]! : null;
}

/**
 * The ids of a product selection as the server keeps it: trimmed, blanks and repeats dropped
 * (the first occurrence keeps its place), at most MERCH_LIMITS.products.
 */
export function normalizeProductIds(ids: readonly unknown[]): string[] {
  const seen = new Set<string>();
  for (const id of ids) {
    if (typeof id !== "string") continue;
    const trimmed = id.trim();
    if (trimmed && !seen.has(trimmed)) seen.add(trimmed);
  }
  return [...seen].slice(0, MERCH_LIMITS.products);
}

/** The form field that carries the variant chosen for a listed product ("" or absent: any variant). */
export function variantFieldName(productId: string): string {
  return `variants[${productId}]`;
}

/**
 * A normalized selection with the variant posted for each product (variantFieldName): a positive
 * integer id, else null (any variant). Whether it is that product's active variant is the server's check.
 */
export function listedProducts(ids: readonly string[], postedVariant: (field: string) => unknown): ListedProduct[] {
  return ids.map((productId) => {
    const raw = postedVariant(variantFieldName(productId));
    const id = typeof raw === "string" && /^\d{1,15}$/.test(raw.trim()) ? Number(raw.trim()) : 0;
    return { productId, variantId: Number.isSafeInteger(id) && id > 0 ? id : null };
  });
}

/** The variant a listed product points at, as its list reads it (null prices: the product's). */
export interface ListedVariant {
  id: number;
  price: number | null;
  compareAtPrice: number | null;
}

/**
 * A product's card as a list pointing at one of its variants shows it: that variant's price and
 * compare-at (each falling back to the product's own, as on the product page), its picture when
 * it has one, and its id so the card opens the product page with it chosen. No variant: the card unchanged.
 */
export function cardAtVariant(
  card: ProductCardData,
  product: { price: number; compareAtPrice: number },
  variant: ListedVariant | null,
  image?: ProductImageData | null,
): ProductCardData {
  if (!variant) return card;
  const price = variantPrice(product, variant);
  const compareAt = variantCompareAtPrice(product, variant);
  const atVariant: ProductCardData = {
    ...card,
    price,
    originalPrice: compareAt > 0 ? compareAt : null,
    image: image ?? card.image,
    variantId: variant.id,
  };
  // One variant has one price: never "from X".
  delete atVariant.priceFrom;
  return atVariant;
}

/** Moves one entry of an ordered selection one place up or down (the picker's arrows); unchanged at the ends. */
export function moveInList<T>(list: readonly T[], index: number, direction: "up" | "down"): T[] {
  const target = direction === "up" ? index - 1 : index + 1;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
