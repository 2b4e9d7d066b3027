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
