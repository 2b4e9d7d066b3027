import type { Kysely } from "kysely";
import type { Language } from "~/i18n/config";
import { APPLIANCE_CATEGORIES, APPLIANCES_LIMIT, type ApplianceCategory } from "~/lib/appliances";
import type { ProductCardData } from "~/lib/product";
import type { Database } from "../db/database.server";
import { selectNewestInCategories } from "./product.repo.server";
import { withMainImages } from "./product.service.server";

export interface ApplianceListing {
  /** At most APPLIANCES_LIMIT, newest first, in stock only. */
  products: ProductCardData[];
  /** How many in-stock products the choice has in all (more than shown: a link to the whole category). */
  total: number;
}

/**
 * The home appliances page's grid: the newest in-stock products of the chosen category, or of
 * all six together when none is chosen. One query for the rows and their count, one for the
 * main images. The page shows at most 12, not the listing pages' PAGE_SIZE (which is why
 * listCategoryProducts, paged and with the toys/books samples, is not used here).
 */
export async function listAppliances(db: Kysely<Database>, category: ApplianceCategory | null, language: Language): Promise<ApplianceListing> {
  const rows = await selectNewestInCategories(db, category ? [category] : APPLIANCE_CATEGORIES, APPLIANCES_LIMIT);
  return {
    products: await withMainImages(db, rows, language),
    total: rows.length > 0 ? Number(rows[0]!.total_count) : 0,
  };
}
