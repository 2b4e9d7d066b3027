import { useTranslation } from "~/i18n/react";
import { useRootData } from "~/components/shop/useRootData";
import { seoMeta } from "~/lib/seo";
import { pageContext } from "~/server/http/page-context.server";
import type { Route } from "./+types/legal";

/**
 * /legal: the legal notice an Algerian online seller shows (who sells: name, trade register
 * number RC, tax identification number NIF, address, and how to reach them), from the merchant's
 * settings (/admin/settings), which the root loader already provides. A detail not set yet says
 * so instead of showing a placeholder.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const ctx = await pageContext(request);
  const { t } = ctx;
  return {
    seo: ctx.seo({ title: ctx.pageTitle(t("settings.legal.title")), description: t("settings.legal.description"), path: "/legal" }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo) : []);

export default function LegalNotice() {
  const { t } = useTranslation();
  const shop = useRootData()?.shop;
  const rows: { key: "seller" | "rc" | "nif" | "address" | "phone" | "email"; value: string | null | undefined; ltr?: boolean }[] = [
    { key: "seller", value: shop?.name },
    { key: "rc", value: shop?.rc, ltr: true },
    { key: "nif", value: shop?.nif, ltr: true },
    { key: "address", value: shop?.address },
    { key: "phone", value: shop?.phone, ltr: true },
    { key: "email", value: shop?.email, ltr: true },
  ];
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-brand-900">{t("settings.legal.title")}</h1>
      <p className="mt-4 text-lg leading-relaxed text-stone-700">{t("settings.legal.intro")}</p>
      <dl className="mt-8 divide-y divide-stone-200 rounded-xl bg-white px-5 shadow-sm ring-1 ring-stone-200" data-testid="legal-notice">
        {rows.map((row) => (
          <div key={row.key} className="grid gap-1 py-4 sm:grid-cols-3" data-testid={`legal-${row.key}`}>
            <dt className="font-semibold text-stone-800">{t(`settings.legal.${row.key}`)}</dt>
            <dd className="text-stone-700 sm:col-span-2">
              {row.value ? (
                <bdi dir={row.ltr ? "ltr" : undefined} className="wrap-anywhere">
                  {row.value}
                </bdi>
              ) : (
                <span className="text-stone-500">{t("settings.legal.pending")}</span>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </article>
  );
}

/** Shared caches may keep this page for a few seconds (app/server/http/page-headers.server.ts). */
export { publicPageHeaders as headers } from "~/server/http/page-headers.server";
