import { FormErrorSummary } from "~/components/ui/FormErrorSummary";
import { hasFieldErrors } from "~/lib/form-errors";
import { useTranslation } from "~/i18n/react";
import { data, Form, redirect, useNavigation } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/AdminLoadError";
import { SHOP_SETTINGS_FIELDS, SHOP_SETTINGS_LIMITS, SOCIAL_HOSTS, type ShopSettings, type ShopSettingsField } from "~/lib/shop-settings";
import { requireAdmin, requireAdminAction } from "~/server/http/admin-session.server";
import { requestI18n } from "~/server/http/request-i18n.server";
import { pageContext } from "~/server/http/page-context.server";
import { getDb } from "~/server/db/connection.server";
import { env } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import {
  getMaxUnansweredAttempts,
  getShopSettings,
  MAX_UNANSWERED_ATTEMPTS_RANGE,
  saveMaxUnansweredAttempts,
  saveShopSettings,
} from "~/server/settings/index.server";
import type { Route } from "./+types/settings";

/**
 * /admin/settings: the shop's name in three languages, its contacts, social pages and legal
 * notices. A save shows on the storefront at the next request (the settings service keeps them in
 * memory, and an admin POST clears the page cache). Works without JavaScript: a plain post, then a
 * 303 back here (?saved=1), or the form again with each refused field's reason.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "settings");
  const ctx = await pageContext(request);
  const config = env();
  return {
    title: ctx.pageTitle(ctx.t("settings.admin.title")),
    settings: await getShopSettings(getDb()),
    maxUnansweredAttempts: await getMaxUnansweredAttempts(getDb()),
    maxUnansweredRange: MAX_UNANSWERED_ATTEMPTS_RANGE,
    /** The names the shop uses while a name field is empty. */
    defaultNames: { nameAr: config.SHOP_NAME_AR, nameEn: config.SHOP_NAME, nameFr: config.SHOP_NAME },
    saved: new URL(request.url).searchParams.get("saved") === "1",
  };
}

export interface SettingsAnswer {
  message: string;
  /** Each refused field's translated reason. */
  fields: Partial<Record<ShopSettingsField, string>>;
  /** What was posted, shown again. */
  values: Record<ShopSettingsField, string>;
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminAction(request, "settings");
  const { t } = await requestI18n(request);
  const form = await request.formData();
  // The confirmation team's setting has its own small form.
  if (form.get("intent") === "confirmation") {
    if (await saveMaxUnansweredAttempts(getDb(), form.get("maxUnansweredAttempts"))) return redirect("/admin/settings?saved=1", 303);
    const message = t("adminConfirmation.settings.invalid", MAX_UNANSWERED_ATTEMPTS_RANGE);
    const stored = await getShopSettings(getDb());
    const kept = Object.fromEntries(SHOP_SETTINGS_FIELDS.map((field) => [field, stored[field] ?? ""])) as SettingsAnswer["values"];
    return data<SettingsAnswer>({ message, fields: {}, values: kept }, { status: 400 });
  }
  const values = Object.fromEntries(SHOP_SETTINGS_FIELDS.map((field) => [field, String(form.get(field) ?? "")])) as SettingsAnswer["values"];
  try {
    const result = await saveShopSettings(getDb(), values);
    if (result.ok) return redirect("/admin/settings?saved=1", 303);
    const fields: SettingsAnswer["fields"] = {};
    for (const [field, error] of Object.entries(result.fields) as [ShopSettingsField, { code: "tooLong"; max?: number }][]) {
      fields[field] = t(`settings.errors.${error.code}`, { max: error.max });
    }
    return data<SettingsAnswer>({ message: t("settings.admin.invalid"), fields, values }, { status: 400 });
  } catch (error) {
    logger.error({ err: error }, "shop settings update failed");
    return data<SettingsAnswer>({ message: t("settings.admin.saveFailed"), fields: {}, values }, { status: 500 });
  }
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title }, { name: "robots", content: "noindex, nofollow" }];

const input =
  "mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-base focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30";

interface FieldSpec {
  field: ShopSettingsField;
  type?: "text" | "tel" | "email" | "url";
  /** Latin text (numbers, addresses of the web) reads left to right in every language. */
  ltr?: boolean;
  maxLength?: number;
  hint?: string;
  /** A Latin example after the hint, kept left to right inside Arabic text. */
  example?: string;
  textarea?: boolean;
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const answer = actionData as SettingsAnswer | undefined;
  const stored: ShopSettings = loaderData.settings;
  const valueOf = (field: ShopSettingsField) => answer?.values[field] ?? stored[field] ?? "";
  const name = (field: "nameAr" | "nameEn" | "nameFr"): FieldSpec => ({
    field,
    maxLength: SHOP_SETTINGS_LIMITS.name,
    hint: t("settings.admin.hints.name", { name: loaderData.defaultNames[field] }),
  });
  const social = (field: keyof typeof SOCIAL_HOSTS): FieldSpec => ({
    field,
    type: "url",
    ltr: true,
    maxLength: SHOP_SETTINGS_LIMITS.url,
    hint: t("settings.admin.hints.url"),
    example: `https://${SOCIAL_HOSTS[field][1] ?? SOCIAL_HOSTS[field][0]}/…`,
  });
  const sections: { key: "name" | "contact" | "social" | "legal"; fields: FieldSpec[] }[] = [
    { key: "name", fields: [name("nameAr"), name("nameFr"), name("nameEn")] },
    {
      key: "contact",
      fields: [
        { field: "phone", type: "tel", ltr: true, hint: t("settings.admin.hints.phone") },
        { field: "whatsapp", type: "tel", ltr: true, hint: t("settings.admin.hints.phone") },
        { field: "email", type: "email", ltr: true, maxLength: SHOP_SETTINGS_LIMITS.email },
      ],
    },
    { key: "social", fields: [social("facebookUrl"), social("instagramUrl"), social("tiktokUrl")] },
    {
      key: "legal",
      fields: [
        { field: "rc", ltr: true, maxLength: SHOP_SETTINGS_LIMITS.rc },
        { field: "nif", ltr: true, hint: t("settings.admin.hints.nif") },
        { field: "address", textarea: true, maxLength: SHOP_SETTINGS_LIMITS.address },
      ],
    },
  ];

  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="text-2xl font-bold text-brand-900">{t("settings.admin.title")}</h1>
      <p className="mt-2 text-stone-700">{t("settings.admin.intro")}</p>
      {/* A refusal of fields is said once, by the summary at the top of the form. */}
      {answer && !hasFieldErrors(answer.fields) ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800" data-testid="settings-notice">
          {answer.message}
        </p>
      ) : loaderData.saved ? (
        <p role="status" className="mt-4 rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800" data-testid="settings-notice">
          {t("settings.admin.saved")}
        </p>
      ) : null}
      {/* noValidate: the server's translated reasons, never the browser's bubbles. */}
      <Form method="post" noValidate className="mt-6 space-y-6" data-testid="settings-form">
        <FormErrorSummary errors={answer?.fields}>{answer?.message}</FormErrorSummary>
        {sections.map((section) => (
          <fieldset key={section.key} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-5">
            <legend className="px-1 text-lg font-semibold">{t(`settings.admin.sections.${section.key}`)}</legend>
            <div className="space-y-4">
              {section.fields.map((spec) => {
                const error = answer?.fields[spec.field];
                const id = `settings-${spec.field}`;
                const described = [spec.hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
                const common = {
                  id,
                  name: spec.field,
                  defaultValue: valueOf(spec.field),
                  maxLength: spec.maxLength,
                  dir: spec.ltr ? "ltr" : undefined,
                  "aria-invalid": error ? true : undefined,
                  "aria-describedby": described,
                  className: `${input} ${error ? "border-red-600" : "border-stone-300"}`,
                };
                return (
                  <div key={spec.field}>
                    <label htmlFor={id} className="block text-sm font-medium text-stone-800">
                      {t(`settings.admin.fields.${spec.field}`)}
                    </label>
                    {spec.textarea ? <textarea rows={3} {...common} /> : <input type={spec.type ?? "text"} {...common} />}
                    {spec.hint ? (
                      <p id={`${id}-hint`} className="mt-1 text-xs text-stone-500">
                        {spec.hint}
                        {spec.example ? (
                          <>
                            {" "}
                            <bdi dir="ltr">{spec.example}</bdi>
                          </>
                        ) : null}
                      </p>
                    ) : null}
                    {error ? (
                      <p id={`${id}-error`} className="mt-1 text-sm text-red-700" data-testid={`${id}-error`}>
                        {error}
                      </p>
                    ) : null}
                  </div>
                );
              })}
            </div>
          </fieldset>
        ))}
        <button
          type="submit"
          disabled={saving}
          className="min-h-11 w-full rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60 sm:w-auto"
          data-testid="settings-save"
        >
          {t("settings.admin.save")}
        </button>
      </Form>
      <Form method="post" className="mt-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-5" data-testid="confirmation-settings-form">
        <input type="hidden" name="intent" value="confirmation" />
        <label htmlFor="settings-max-unanswered" className="block text-sm font-medium text-stone-800">
          {t("adminConfirmation.settings.maxUnanswered")}
        </label>
        <input
          id="settings-max-unanswered"
          name="maxUnansweredAttempts"
          type="number"
          inputMode="numeric"
          min={loaderData.maxUnansweredRange.min}
          max={loaderData.maxUnansweredRange.max}
          defaultValue={loaderData.maxUnansweredAttempts}
          dir="ltr"
          className={`${input} border-stone-300`}
        />
        <p className="mt-1 text-xs text-stone-500">{t("adminConfirmation.settings.hint")}</p>
        <button
          type="submit"
          disabled={saving}
          className="mt-3 min-h-11 w-full rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white disabled:opacity-60 sm:w-auto"
        >
          {t("settings.admin.save")}
        </button>
      </Form>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
