import type { Kysely } from "kysely";
import { fallbackBackpacks, fallbackPools } from "~/data/fallback-products";
import type { Language } from "~/i18n/config";
import type { ProductCardData } from "~/lib/product";
import type { Database } from "../db/database.server";
import { logger } from "../logger.server";
import { fallbackToCard, HOME_SECTION_SIZE, listSectionsProducts } from "./product.service.server";

export interface HomeProducts {
  featured: ProductCardData[];
  specialOffers: ProductCardData[];
  /** True when the built-in lists are shown because the database had nothing or failed. */
  fallback: boolean;
}

/**
 * The two home sections: 8 in-stock products each, newest first, with their main image (one
 * query for both). If the database returns nothing or fails, the built-in lists are shown: the home page is never empty.
 */
export async function getHomeProducts(db: Kysely<Database>, language: Language): Promise<HomeProducts> {
  try {
    const lists = await listSectionsProducts(db, ["featured", "special-offers"], language);
    const featured = lists.get("featured") ?? [];
    const specialOffers = lists.get("special-offers") ?? [];
    if (featured.length > 0 || specialOffers.length > 0) return { featured, specialOffers, fallback: false };
  } catch (error) {
    logger.error({ err: error }, "home products query failed; showing the built-in lists");
  }
  return {
    featured: fallbackPools.slice(0, HOME_SECTION_SIZE).map((p) => fallbackToCard(p, language)),
    specialOffers: fallbackBackpacks.slice(0, HOME_SECTION_SIZE).map((p) => fallbackToCard(p, language)),
    fallback: true,
  };
}
