/**
 * The home appliances page, /home-appliances: six fixed categories, a filter kept in the URL
 * (`?category=cooling`) and at most 12 products. Pure, so the route, its links and the tests agree on the keys and the addresses.
 */

export const APPLIANCES_PATH = "/home-appliances";

/** The six categories, in the filter's order; each is a category row's slug. */
export const APPLIANCE_CATEGORIES = ["kitchen", "cleaning", "cooling", "personal-care", "small-appliances", "laundry"] as const;

export type ApplianceCategory = (typeof APPLIANCE_CATEGORIES)[number];

/** Products shown at most. */
export const APPLIANCES_LIMIT = 12;

/** The query parameter that holds the chosen category. */
export const CATEGORY_QUERY = "category";

export function isApplianceCategory(value: unknown): value is ApplianceCategory {
  return typeof value === "string" && (APPLIANCE_CATEGORIES as readonly string[]).includes(value);
}

/**
 * The chosen category of `?category=`, or null for "all": when the parameter is absent,
 * empty or not one of the six. Surrounding spaces and capitals are forgiven (a hand-typed
 * `?category=Cooling`); the canonical URL then names the category in lower case.
 */
export function parseApplianceCategory(searchParams: URLSearchParams): ApplianceCategory | null {
  const value = searchParams.get(CATEGORY_QUERY)?.trim().toLowerCase();
  return isApplianceCategory(value) ? value : null;
}

/** The page's address for a category, or for all of them: the filter's links and the canonical path. */
export function appliancesHref(category: ApplianceCategory | null): string {
  return category ? `${APPLIANCES_PATH}?${CATEGORY_QUERY}=${category}` : APPLIANCES_PATH;
}
