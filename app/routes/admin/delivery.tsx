import { FormErrorSummary } from "~/components/ui/FormErrorSummary";
import { useTranslation } from "~/i18n/react";
import { data, useFetcher } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/AdminLoadError";
import { requireAdmin, requireAdminAction } from "~/server/http/admin-session.server";
import { listWilayaSettings, saveWilayaSettings, type WilayaSettings, type WilayaSettingsErrorCode } from "~/server/delivery/index.server";
import { requestI18n } from "~/server/http/request-i18n.server";
import { pageContext } from "~/server/http/page-context.server";
import { getDb } from "~/server/db/connection.server";
import { MAX_DELIVERY_PRICE } from "~/lib/delivery-options";
import { logger } from "~/server/logger.server";
import type { Route } from "./+types/delivery";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "settings");
  const ctx = await pageContext(request);
  const { language, t } = ctx;
  return {
    language,
    title: ctx.pageTitle(t("adminDelivery.title")),
    wilayas: await listWilayaSettings(getDb()),
  };
}

type RowField = "homePrice" | "stopDeskPrice" | "deliveryTime" | "zone";

export type SaveDeliveryAnswer = {
  ok: boolean;
  code: string;
  message: string;
  /** Each refused field's translated reason. */
  fields: Partial<Record<RowField, string>>;
  /** What was posted, to show again in a refused row. */
  values?: { homePrice: string; stopDeskPrice: string; deliveryTime: string; zone: string; active: boolean };
};

/** intent=save: one wilaya's row (with or without JavaScript). */
export async function action({ request }: Route.ActionArgs) {
  await requireAdminAction(request, "settings");
  const { t } = await requestI18n(request);
  const form = await request.formData();
  const code = String(form.get("code") ?? "");
  const text = (key: string) => String(form.get(key) ?? "");
  const values = {
    homePrice: text("homePrice"),
    stopDeskPrice: text("stopDeskPrice"),
    deliveryTime: text("deliveryTime"),
    zone: text("zone"),
    active: form.get("active") === "on",
  };
  const answer = (status: number, body: Omit<SaveDeliveryAnswer, "code">) => data<SaveDeliveryAnswer>({ code, ...body }, { status });
  if (form.get("intent") !== "save") return answer(400, { ok: false, message: t("adminDelivery.saveFailed"), fields: {} });
  try {
    const result = await saveWilayaSettings(getDb(), code, { ...values, active: values.active });
    if (result.ok) return answer(200, { ok: true, message: t("adminDelivery.saved", { code }), fields: {} });
    if (result.error === "not_found") return answer(404, { ok: false, message: t("adminDelivery.notFound"), fields: {} });
    const fields: SaveDeliveryAnswer["fields"] = {};
    for (const [field, reason] of Object.entries(result.fields) as [RowField, WilayaSettingsErrorCode][]) {
      fields[field] = t(`adminDelivery.errors.${reason}`);
    }
    return answer(400, { ok: false, message: t("adminDelivery.invalid", { code }), fields, values });
  } catch (error) {
    logger.error({ err: error, code }, "delivery settings update failed");
    return answer(500, { ok: false, message: t("adminDelivery.saveFailed"), fields: {} });
  }
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title }, { name: "robots", content: "noindex, nofollow" }];

const input =
  "w-full rounded-lg border bg-white px-2 py-1.5 text-sm tabular-nums focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30";

function Notice({ answer }: { answer: Pick<SaveDeliveryAnswer, "ok" | "message" | "fields"> }) {
  return (
    <div className="space-y-2">
      {/* A row is a form without a top of its own: the generic message heads its answer. */}
      <FormErrorSummary errors={answer.ok ? null : answer.fields} />
      <p
        role={answer.ok ? "status" : "alert"}
        className={`rounded-lg px-3 py-2 text-sm font-medium ${answer.ok ? "bg-emerald-50 text-emerald-800" : "bg-red-50 text-red-800"}`}
        data-testid="delivery-notice"
      >
        {answer.message}
      </p>
    </div>
  );
}

/** One wilaya's editable row; its fields belong to the form in its last cell (form attribute). */
function WilayaRow({ wilaya, language, posted }: { wilaya: WilayaSettings; language: string; posted?: SaveDeliveryAnswer }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<SaveDeliveryAnswer>();
  const answer = fetcher.data ?? posted;
  const refused = answer && !answer.ok ? answer : undefined;
  const values = refused?.values ?? {
    homePrice: String(wilaya.homePrice),
    stopDeskPrice: wilaya.stopDeskPrice === null ? "" : String(wilaya.stopDeskPrice),
    deliveryTime: wilaya.deliveryTime,
    zone: wilaya.zone,
    active: wilaya.active,
  };
  const formId = `wilaya-${wilaya.code}`;
  const name = language === "ar" ? wilaya.nameAr : wilaya.name;
  const label = t("adminDelivery.rowLabel", { code: wilaya.code, name });
  const error = (field: RowField) =>
    refused?.fields[field] ? (
      <p id={`${formId}-${field}-error`} className="mt-1 text-xs text-red-700">
        {refused.fields[field]}
      </p>
    ) : null;
  const described = (field: RowField) =>
    refused?.fields[field] ? { "aria-invalid": true as const, "aria-describedby": `${formId}-${field}-error` } : {};
  const border = (field: RowField) => (refused?.fields[field] ? "border-red-600" : "border-stone-300");
  // Remount the fields when the stored values change (after a save), so they show what is stored.
  const key = `${wilaya.homePrice}|${wilaya.stopDeskPrice}|${wilaya.deliveryTime}|${wilaya.zone}|${wilaya.active}|${refused ? "x" : ""}`;

  return (
    <tr
      key={key}
      className={`border-t border-stone-200 align-top ${wilaya.active ? "" : "bg-stone-50 text-stone-500"}`}
      data-testid={`delivery-row-${wilaya.code}`}
    >
      <td className="px-2 py-2 font-mono tabular-nums">{wilaya.code}</td>
      <td className="px-2 py-2">
        <span className="block font-medium text-stone-900">{wilaya.nameAr}</span>
        <span className="block text-xs text-stone-500">{wilaya.name}</span>
      </td>
      <td className="px-2 py-2">
        <input
          form={formId}
          name="homePrice"
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_DELIVERY_PRICE}
          step={1}
          required
          defaultValue={values.homePrice}
          aria-label={`${label}: ${t("adminDelivery.columns.homePrice")}`}
          className={`${input} w-24 ${border("homePrice")}`}
          {...described("homePrice")}
        />
        {error("homePrice")}
      </td>
      <td className="px-2 py-2">
        <input
          form={formId}
          name="stopDeskPrice"
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_DELIVERY_PRICE}
          step={1}
          defaultValue={values.stopDeskPrice}
          placeholder={t("adminDelivery.noStopDesk")}
          aria-label={`${label}: ${t("adminDelivery.columns.stopDeskPrice")}`}
          className={`${input} w-24 ${border("stopDeskPrice")}`}
          {...described("stopDeskPrice")}
        />
        {error("stopDeskPrice")}
      </td>
      <td className="px-2 py-2">
        <input
          form={formId}
          name="deliveryTime"
          type="text"
          required
          dir="ltr"
          defaultValue={values.deliveryTime}
          placeholder={t("adminDelivery.deliveryTimeHint")}
          aria-label={`${label}: ${t("adminDelivery.columns.deliveryTime")}`}
          className={`${input} w-28 ${border("deliveryTime")}`}
          {...described("deliveryTime")}
        />
        {error("deliveryTime")}
      </td>
      <td className="px-2 py-2">
        <select
          form={formId}
          name="zone"
          defaultValue={values.zone}
          aria-label={`${label}: ${t("adminDelivery.columns.zone")}`}
          className={`${input} w-16 ${border("zone")}`}
          {...described("zone")}
        >
          {["A", "B", "C", "D"].map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </select>
        {error("zone")}
      </td>
      <td className="px-2 py-2 text-center">
        <input
          form={formId}
          name="active"
          type="checkbox"
          defaultChecked={values.active}
          aria-label={`${label}: ${t("adminDelivery.columns.active")}`}
          className="size-5 accent-brand-700"
        />
      </td>
      <td className="px-2 py-2">
        <fetcher.Form method="post" id={formId} preventScrollReset>
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="code" value={wilaya.code} />
          <button
            type="submit"
            disabled={fetcher.state !== "idle"}
            aria-label={`${t("adminDelivery.save")}: ${label}`}
            className="h-9 rounded-lg bg-brand-700 px-3 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          >
            {t("adminDelivery.save")}
          </button>
        </fetcher.Form>
        {answer && fetcher.state === "idle" ? (
          <div className="mt-1 min-w-40">
            <Notice answer={answer} />
          </div>
        ) : null}
      </td>
    </tr>
  );
}

export default function DeliverySettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { wilayas, language } = loaderData;
  const columns = ["code", "name", "homePrice", "stopDeskPrice", "deliveryTime", "zone", "active", "actions"] as const;
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold text-brand-900">{t("adminDelivery.title")}</h1>
        <p className="text-sm text-stone-600">{t("adminDelivery.intro")}</p>
      </div>
      {/* Without JavaScript the post reloads the page: its answer shows here and in its row. */}
      {actionData ? <Notice answer={actionData} /> : null}
      <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-stone-200">
        <table className="w-full text-start text-sm" data-testid="delivery-table">
          <thead className="bg-stone-50 text-xs text-stone-600">
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col" className="px-2 py-2 text-start font-semibold">
                  {t(`adminDelivery.columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {wilayas.map((wilaya) => (
              <WilayaRow
                key={wilaya.code}
                wilaya={wilaya}
                language={language}
                posted={actionData && actionData.code === wilaya.code ? actionData : undefined}
              />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
