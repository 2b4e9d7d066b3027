import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { MAX_IMAGE_MEGABYTES } from "~/lib/admin-product";
import type { MerchMessage } from "~/lib/merchandising-admin";

/** Which record a message is about: picks the entity's own save, delete and not-found texts. */
export type MerchEntity = "collection" | "page" | "section";

/** The translated text of a refusal (adminMerchandising.errors, with the entity as i18next context). */
export function useMerchErrorText() {
  const { t } = useTranslation();
  return (error: MerchMessage, entity: MerchEntity, limit: number = MAX_IMAGE_MEGABYTES) =>
    error === "saveFailed" || error === "deleteFailed" || error === "notFound"
      ? t(`adminMerchandising.errors.${error}`, { context: entity })
      : t(`adminMerchandising.errors.${error}`, { limit });
}

/** An error (role=alert) or a success flash (role=status) of the merchandising screens. */
export function MerchAlert({ tone, testId, children }: { tone: "error" | "success"; testId: string; children: ReactNode }) {
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-lg border px-4 py-3 text-sm font-medium ${
        tone === "error" ? "border-red-200 bg-red-50 text-red-800" : "border-brand-100 bg-brand-50 text-brand-800"
      }`}
      data-testid={testId}
    >
      {children}
    </p>
  );
}

/** The active / inactive badge of a collection, page or section. */
export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${
        active ? "bg-emerald-50 text-emerald-800" : "bg-stone-100 text-stone-600"
      }`}
      data-testid="active-badge"
      data-active={active ? "true" : "false"}
    >
      {active ? t("adminMerchandising.active") : t("adminMerchandising.inactive")}
    </span>
  );
}
