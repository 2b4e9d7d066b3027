import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

/**
 * The delivery block's required fields once the wilaya is chosen, with JavaScript: the first
 * commune of the wilaya (once listed) and, when given, the address (required for home delivery).
 */
export async function chooseCommune(scope: Locator, address?: string): Promise<void> {
  const commune = scope.locator('select[name="commune"]');
  await expect.poll(() => commune.locator("option").count()).toBeGreaterThan(1);
  await commune.selectOption({ index: 1 });
  if (address !== undefined) await scope.locator('textarea[name="address"]').fill(address);
}

/**
 * Without JavaScript: "update the fee" posts the form, which comes back as typed with the
 * wilaya's fee and communes; then the first commune is chosen. `scope` is found again on the new page.
 */
export async function quoteThenChooseCommune(page: Page, scope: () => Locator): Promise<void> {
  await Promise.all([page.waitForLoadState("load"), scope().getByTestId("update-fee").click()]);
  await scope().locator('select[name="commune"]').selectOption({ index: 1 });
}

/** The languages the order suites run in, Arabic first. */
export type OrderLanguage = "ar" | "fr";

/** Constantine: 600 DA to the door, 400 DA at its stop-desk; found by its name in the page's language. */
export const CONSTANTINE = { code: "25", name: { ar: "قسنطينة", fr: "Constantine" }, stopDesk: 400 } as const;
/** El Khroub, one of Constantine's communes. */
export const EL_KHROUB = { code: "2506", name: { ar: "الخروب", fr: "El Khroub" } } as const;

/**
 * Each suite's phone prefixes, one per language. The server limits orders per phone and the e2e
 * files share one database, so no two suites may draw from the same prefix.
 */
const PHONE_PREFIXES = {
  "delivery-block": { ar: "077", fr: "078" },
  "order-confirmation": { ar: "055", fr: "056" },
  offers: { ar: "066", fr: "067" },
  "cart-variants": { ar: "079", fr: "076" },
  "variants-journey": { ar: "069", fr: "068" },
  "checkout-stop-desk": { ar: "065", fr: "057" },
  "couriers-journey": { ar: "058", fr: "059" },
  "confirmation-queue": { ar: "054", fr: "064" },
} as const satisfies Record<string, Record<OrderLanguage, string>>;

/**
 * A suite's source of fresh phone numbers, one per order: its prefix for the language, three
 * digits of the clock (a rerun against the same database starts elsewhere), then a counter.
 */
export function phoneSeries(suite: keyof typeof PHONE_PREFIXES): (language: OrderLanguage) => string {
  let counter = 0;
  return (language) => {
    counter += 1;
    return `${PHONE_PREFIXES[suite][language]}${String(Date.now() % 1000).padStart(3, "0")}${String(counter).padStart(4, "0")}`;
  };
}

/** The shopper's first and last name and phone, in an order form (or its part `scope`). */
export async function fillNames(scope: Locator, phoneNumber: string, names = { firstName: "أمينة", lastName: "Benali" }): Promise<void> {
  await scope.locator('input[name="firstName"]').fill(names.firstName);
  await scope.locator('input[name="lastName"]').fill(names.lastName);
  await scope.locator('input[name="phone"]').fill(phoneNumber);
}

/**
 * With JavaScript: Constantine and El Khroub found by typing their names in `language`, the
 * stop-desk chosen and, when given, the address typed.
 */
export async function chooseStopDesk(scope: Locator, language: OrderLanguage, address?: string): Promise<void> {
  await scope.locator('[data-testid="wilaya-search"]').fill(CONSTANTINE.name[language]);
  expect(await scope.locator('select[name="wilaya"]').inputValue()).toBe(CONSTANTINE.code);
  await scope.locator('[data-testid="commune-search"]').fill(EL_KHROUB.name[language]);
  await expect.poll(() => scope.locator('select[name="commune"]').inputValue()).toBe(EL_KHROUB.code);
  await scope.locator('[data-testid="delivery-type-stop_desk"]').check();
  if (address !== undefined) await scope.locator('textarea[name="address"]').fill(address);
}

/**
 * Without JavaScript: Constantine chosen (and the address typed, when given), "update the fee"
 * posted, then El Khroub and the stop-desk chosen on the page that comes back (`scope` is found
 * again there). The fee of the stop-desk shows only after a second "update the fee".
 */
export async function chooseStopDeskWithoutJavaScript(page: Page, scope: () => Locator, address?: string): Promise<void> {
  await scope().locator('select[name="wilaya"]').selectOption(CONSTANTINE.code);
  if (address !== undefined) await scope().locator('textarea[name="address"]').fill(address);
  await Promise.all([page.waitForLoadState("load"), scope().getByTestId("update-fee").click()]);
  await scope().locator('select[name="commune"]').selectOption(EL_KHROUB.code);
  await scope().getByTestId("delivery-type-stop_desk").check();
}
