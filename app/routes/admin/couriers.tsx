import { FormErrorSummary } from "~/components/ui/FormErrorSummary";
import type { ReactNode } from "react";
import { z } from "zod";
import { useTranslation } from "~/i18n/react";
import { formatOrderDate } from "~/components/admin/OrderStatusBadge";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/AdminLoadError";
import { COURIER_FAMILIES, type CourierFamily } from "~/lib/couriers";
import { COURIER_ACCOUNT_LIMITS, COURIER_FAMILY_SPECS, type CourierAccountErrorCode } from "~/lib/courier-accounts";
import { requireAdmin, requireAdminAction } from "~/server/http/admin-session.server";
import { requestI18n } from "~/server/http/request-i18n.server";
import { pageContext } from "~/server/http/page-context.server";
import { publicOrigin } from "~/server/http/public-origin.server";
import { getDb } from "~/server/db/connection.server";
import { logger } from "~/server/logger.server";
import {
  addCourierAccount,
  COURIER_WEBHOOKS,
  courierFeaturesEnabled,
  courierPlacesCounts,
  deleteCourierAccount,
  listCourierAccounts,
  refreshCourierPlaces,
  setDefaultCourierAccount,
  testCourierAccount,
  updateCourierAccount,
  type CourierAccountSaveResult,
  type CourierAccountSummary,
  type CourierTestResult,
  type PlacesRefreshResult,
} from "~/server/couriers/index.server";
import { wilayaNamesByCode } from "~/server/delivery/index.server";
import type { Route } from "./+types/couriers";

/**
 * /admin/couriers: the merchant's accounts at couriers. Add one (its family, its API address,
 * the credentials from the courier's dashboard), replace its credentials, delete it, make it the
 * default, test the connection, fetch the courier's communes and stop-desks (refresh places). Credentials go in and never come back: the list says only that
 * they are set, and the password fields are empty on every render (the refused form too).
 * Without SECRETS_KEY the page says the features are off and offers no form.
 * Works without JavaScript: plain posts, then a 303 back here, or the form with its reasons.
 */

const DONE = ["added", "updated", "deleted", "defaultSet"] as const;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "couriers");
  const ctx = await pageContext(request);
  const query = new URL(request.url).searchParams;
  const family = z.enum(COURIER_FAMILIES).safeParse(query.get("family"));
  const done = z.enum(DONE).safeParse(query.get("done"));
  const db = getDb();
  const [accounts, counts, wilayas] = await Promise.all([listCourierAccounts(db), courierPlacesCounts(db), wilayaNamesByCode(db)]);
  return {
    title: ctx.pageTitle(ctx.t("adminCouriers.title")),
    enabled: courierFeaturesEnabled(),
    accounts: accounts.map((account) => ({
      ...account,
      places: counts.get(account.id) ?? { places: 0, stopDesks: 0, refreshedAt: null },
      /** Where the courier sends its statuses, for the families that call back (pasted in the courier's dashboard). */
      webhookUrl: COURIER_WEBHOOKS[account.family] ? `${publicOrigin(request)}/api/couriers/webhooks/${account.id}` : null,
    })),
    /** Our wilayas for the origin choice, named in the page's language. */
    wilayas: [...wilayas].map(([code, names]) => ({ code, name: ctx.language === "ar" ? names.name_ar : names.name })),
    /** The family of the add form, once chosen (?family=). */
    addFamily: family.success ? family.data : null,
    done: done.success ? done.data : null,
  };
}

/** What a refused or answered post shows: never a credential. */
export interface CouriersAnswer {
  ok: boolean;
  message: string;
  intent: "add" | "update" | "delete" | "default" | "test" | "refresh";
  /** The account the answer is about (null: the add form). */
  id: number | null;
  /** Each refused field's translated reason, by form name ("label", "credentials.apiId"…). */
  fields: Record<string, string>;
  /** The posted name and address, shown again (never the credentials). */
  values: { family: string; label: string; baseUrl: string; originWilaya: string } | null;
}

const commandSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), family: z.string().max(20) }),
  z.object({ intent: z.enum(["update", "delete", "default", "test", "refresh"]), id: z.coerce.number().int().min(1).max(2_147_483_647) }),
]);

export async function action({ request }: Route.ActionArgs) {
  await requireAdminAction(request, "couriers");
  const { t } = await requestI18n(request);
  const form = await request.formData();
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value : "";
  };
  const command = commandSchema.safeParse({ intent: text("intent"), family: text("family"), id: text("id") });
  const answer = (status: number, body: Omit<CouriersAnswer, "fields" | "values"> & Partial<Pick<CouriersAnswer, "fields" | "values">>) =>
    data<CouriersAnswer>({ fields: {}, values: null, ...body }, { status });
  if (!command.success) return answer(400, { ok: false, message: t("adminCouriers.notices.invalid"), intent: "add", id: null });
  const { intent } = command.data;
  const id = command.data.intent === "add" ? null : command.data.id;

  const input = () => {
    const family = command.data.intent === "add" ? command.data.family : "";
    const credentials: Record<string, string> = {};
    for (const [key, value] of form) {
      if (key.startsWith("credentials.") && typeof value === "string") credentials[key.slice("credentials.".length)] = value;
    }
    return {
      family,
      label: text("label"),
      baseUrl: text("baseUrl"),
      credentials,
      webhookSecret: text("webhookSecret"),
      originWilaya: text("originWilaya"),
    };
  };
  const saved = (result: CourierAccountSaveResult, done: (typeof DONE)[number], posted: ReturnType<typeof input>) => {
    if (result.ok) return redirect(`/admin/couriers?done=${done}`, 303);
    if (result.error !== "invalid") {
      if (result.error === "disabled") return answer(409, { ok: false, message: t("adminCouriers.disabled"), intent, id });
      return answer(404, { ok: false, message: t("adminCouriers.notices.notFound"), intent, id });
    }
    const fields = Object.fromEntries(
      Object.entries(result.fields).map(([field, code]: [string, CourierAccountErrorCode]) => [field, t(`adminCouriers.errors.${code}`)]),
    );
    return answer(400, {
      ok: false,
      message: t("adminCouriers.notices.invalid"),
      intent,
      id,
      fields,
      values: {
        family: String(posted.family).slice(0, 20),
        label: posted.label.slice(0, 200),
        baseUrl: posted.baseUrl.slice(0, 400),
        originWilaya: posted.originWilaya.slice(0, 2),
      },
    });
  };

  try {
    const db = getDb();
    switch (command.data.intent) {
      case "add": {
        const posted = input();
        return saved(await addCourierAccount(db, posted), "added", posted);
      }
      case "update": {
        const posted = input();
        return saved(await updateCourierAccount(db, command.data.id, posted), "updated", posted);
      }
      case "delete":
        if (await deleteCourierAccount(db, command.data.id)) return redirect("/admin/couriers?done=deleted", 303);
        return answer(404, { ok: false, message: t("adminCouriers.notices.notFound"), intent, id });
      case "default":
        if (await setDefaultCourierAccount(db, command.data.id)) return redirect("/admin/couriers?done=defaultSet", 303);
        return answer(404, { ok: false, message: t("adminCouriers.notices.notFound"), intent, id });
      case "test": {
        const result = await testCourierAccount(db, command.data.id);
        return answer(result.ok ? 200 : result.error === "not_found" ? 404 : 200, { ok: result.ok, message: testMessage(result, t), intent, id });
      }
      case "refresh": {
        const result = await refreshCourierPlaces(db, command.data.id);
        return answer(result.ok ? 200 : result.error === "not_found" ? 404 : 200, { ok: result.ok, message: refreshMessage(result, t), intent, id });
      }
    }
  } catch (error) {
    logger.error({ err: error, intent, courierAccount: id }, "courier account change failed");
    return answer(500, { ok: false, message: t("adminCouriers.notices.saveFailed"), intent, id });
  }
}

type Translate = Awaited<ReturnType<typeof requestI18n>>["t"];

function testMessage(result: CourierTestResult, t: Translate): string {
  if (result.ok) return t("adminCouriers.test.ok");
  switch (result.error) {
    case "disabled":
      return t("adminCouriers.disabled");
    case "not_found":
      return t("adminCouriers.notices.notFound");
    case "unreadable":
      return t("adminCouriers.test.unreadable");
    case "not_available":
      return t("adminCouriers.test.notAvailable");
    case "failure": {
      const failure = result.failure;
      if (failure.kind === "rate_limited")
        return t("adminCouriers.test.rateLimited", { seconds: Math.max(1, Math.ceil(failure.retryAfterMs / 1000)) });
      return t(`adminCouriers.test.${failure.kind}`, { message: failure.message.slice(0, 300) });
    }
  }
}

/** A places refresh's report (counts, a few communes not found), or why it failed, in the admin's language. */
function refreshMessage(result: PlacesRefreshResult, t: Translate): string {
  if (!result.ok) return testMessage(result, t);
  const { mapped, unmatched, unmatchedSample, stopDesks } = result.report;
  const counts = t("adminCouriers.places.refreshed", { mapped, unmatched, stopDesks });
  if (unmatchedSample.length === 0) return counts;
  const list = unmatchedSample.map((commune) => `${commune.name} (${commune.wilayaCode})`).join(t("adminCouriers.places.separator"));
  return `${counts} ${t("adminCouriers.places.unmatchedSample", { list })}`;
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title }, { name: "robots", content: "noindex, nofollow" }];

const input =
  "mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-base focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30";
const button = "min-h-11 rounded-lg px-4 py-2 text-sm font-semibold disabled:opacity-60";

function Notice({ ok, message, testId = "couriers-notice" }: { ok: boolean; message: string; testId?: string }) {
  return (
    <p
      role={ok ? "status" : "alert"}
      className={`rounded-lg px-3 py-2 text-sm font-medium ${ok ? "bg-emerald-50 text-emerald-800" : "bg-red-50 text-red-800"}`}
      data-testid={testId}
    >
      {message}
    </p>
  );
}

/** One labelled input with its hint and its refused reason. Secret inputs are never given a value. */
function Field({
  id,
  name,
  label,
  hint,
  example,
  error,
  secret,
  defaultValue,
  maxLength,
  ltr,
  list,
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  example?: string;
  error?: string;
  secret?: boolean;
  defaultValue?: string;
  maxLength: number;
  ltr?: boolean;
  list?: string;
}) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={secret ? "password" : "text"}
        autoComplete={secret ? "new-password" : "off"}
        defaultValue={secret ? undefined : defaultValue}
        maxLength={maxLength}
        dir={ltr ? "ltr" : undefined}
        list={list}
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className={`${input} ${error ? "border-red-600" : "border-stone-300"}`}
        data-testid={id}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-500">
          {hint}
          {example ? (
            <>
              {" "}
              <bdi dir="ltr">{example}</bdi>
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
}

/** The fields of an account's form: name, address, the family's credentials, the webhook secret. */
function AccountFields({
  prefix,
  family,
  answer,
  label,
  baseUrl,
  originWilaya,
  wilayas,
  replacing,
}: {
  prefix: string;
  family: CourierFamily;
  answer: CouriersAnswer | null;
  label: string;
  baseUrl: string;
  originWilaya: string | null;
  wilayas: readonly WilayaOption[];
  replacing: boolean;
}) {
  const { t } = useTranslation();
  const spec = COURIER_FAMILY_SPECS[family];
  const errors = answer?.fields ?? {};
  const example = spec.defaultBaseUrl ?? "https://dhd.ecotrack.dz/api/v1";
  return (
    <div className="space-y-4">
      <FormErrorSummary errors={errors} />
      <Field
        id={`${prefix}-label`}
        name="label"
        label={t("adminCouriers.fields.label")}
        hint={t("adminCouriers.fields.labelHint")}
        error={errors.label}
        defaultValue={answer?.values?.label ?? label}
        maxLength={COURIER_ACCOUNT_LIMITS.label}
      />
      <Field
        id={`${prefix}-baseUrl`}
        name="baseUrl"
        label={t("adminCouriers.fields.baseUrl")}
        hint={t(spec.defaultBaseUrl ? "adminCouriers.fields.baseUrlHint" : "adminCouriers.fields.baseUrlRequiredHint")}
        example={example}
        error={errors.baseUrl}
        defaultValue={answer?.values?.baseUrl ?? baseUrl}
        maxLength={COURIER_ACCOUNT_LIMITS.baseUrl}
        ltr
        list={spec.knownBaseUrls.length > 1 ? `${prefix}-hosts` : undefined}
      />
      {spec.knownBaseUrls.length > 1 ? (
        <datalist id={`${prefix}-hosts`}>
          {spec.knownBaseUrls.map((url) => (
            <option key={url} value={url} />
          ))}
        </datalist>
      ) : null}
      <div>
        <label htmlFor={`${prefix}-originWilaya`} className="block text-sm font-medium text-stone-800">
          {t("adminCouriers.fields.originWilaya")}
        </label>
        <select
          id={`${prefix}-originWilaya`}
          name="originWilaya"
          defaultValue={answer?.values?.originWilaya ?? originWilaya ?? ""}
          aria-invalid={errors.originWilaya ? true : undefined}
          aria-describedby={`${prefix}-originWilaya-hint${errors.originWilaya ? ` ${prefix}-originWilaya-error` : ""}`}
          className={`${input} ${errors.originWilaya ? "border-red-600" : "border-stone-300"}`}
          data-testid={`${prefix}-originWilaya`}
        >
          <option value="">{t("adminCouriers.fields.originWilayaNone")}</option>
          {wilayas.map((wilaya) => (
            <option key={wilaya.code} value={wilaya.code}>
              {wilaya.code} - {wilaya.name}
            </option>
          ))}
        </select>
        <p id={`${prefix}-originWilaya-hint`} className="mt-1 text-xs text-stone-500">
          {t("adminCouriers.fields.originWilayaHint")}
        </p>
        {errors.originWilaya ? (
          <p id={`${prefix}-originWilaya-error`} className="mt-1 text-sm text-red-700" data-testid={`${prefix}-originWilaya-error`}>
            {errors.originWilaya}
          </p>
        ) : null}
      </div>
      {spec.credentialFields.map((field) => (
        <Field
          key={field}
          id={`${prefix}-credentials-${field}`}
          name={`credentials.${field}`}
          label={t(`adminCouriers.fields.credentials.${field as "apiId"}`)}
          hint={replacing ? t("adminCouriers.fields.keepHint") : undefined}
          error={errors[`credentials.${field}`]}
          maxLength={COURIER_ACCOUNT_LIMITS.credential}
          secret
          ltr
        />
      ))}
      <Field
        id={`${prefix}-webhookSecret`}
        name="webhookSecret"
        label={t("adminCouriers.fields.webhookSecret")}
        hint={replacing ? t("adminCouriers.fields.keepHint") : undefined}
        error={errors.webhookSecret}
        maxLength={COURIER_ACCOUNT_LIMITS.credential}
        secret
        ltr
      />
    </div>
  );
}

type WilayaOption = { code: string; name: string };
type AccountWithPlaces = CourierAccountSummary & {
  places: { places: number; stopDesks: number; refreshedAt: string | null };
  webhookUrl: string | null;
};

function AccountCard({
  account,
  answer,
  enabled,
  wilayas,
}: {
  account: AccountWithPlaces;
  answer: CouriersAnswer | null;
  enabled: boolean;
  wilayas: readonly WilayaOption[];
}) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const mine = answer && answer.id === account.id ? answer : null;
  const badge = "inline-block rounded-full px-2 py-0.5 text-xs font-medium";
  return (
    <li className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200" data-testid={`courier-account-${account.id}`}>
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h3 className="text-lg font-semibold text-stone-900" data-testid="courier-account-label">
          {account.label}
        </h3>
        <span className="text-sm text-stone-600">{t(`adminCouriers.families.${account.family}`)}</span>
      </div>
      <p className="mt-1 text-sm text-stone-600">
        {t("adminCouriers.list.host")}:{" "}
        <bdi dir="ltr" data-testid="courier-account-host">
          {account.host}
        </bdi>
      </p>
      <p className="mt-2 flex flex-wrap gap-2">
        {account.isDefault ? (
          <span className={`${badge} bg-brand-100 text-brand-900`} data-testid="courier-account-default">
            {t("adminCouriers.list.isDefault")}
          </span>
        ) : null}
        {account.credentials === "set" ? (
          <span className={`${badge} bg-emerald-50 text-emerald-800`} data-testid="courier-account-credentials">
            {t("adminCouriers.list.credentialsSet")}
          </span>
        ) : (
          <span className={`${badge} bg-red-50 text-red-800`} data-testid="courier-account-credentials">
            {t("adminCouriers.list.credentialsUnreadable")}
          </span>
        )}
        {account.webhookSecretSet ? <span className={`${badge} bg-stone-100 text-stone-700`}>{t("adminCouriers.list.webhookSecretSet")}</span> : null}
      </p>
      {account.webhookUrl ? (
        <p className="mt-2 text-sm text-stone-600">
          {t("adminCouriers.list.webhookUrl")}{" "}
          <bdi dir="ltr" className="font-mono break-all text-stone-800 select-all" data-testid="courier-account-webhook-url">
            {account.webhookUrl}
          </bdi>
        </p>
      ) : null}
      <p className="mt-2 text-sm text-stone-600" data-testid="courier-account-places">
        {account.places.refreshedAt === null
          ? t("adminCouriers.places.none")
          : `${t("adminCouriers.places.counts", { places: account.places.places, stopDesks: account.places.stopDesks })} · ${t(
              "adminCouriers.places.refreshedAt",
              { date: formatOrderDate(account.places.refreshedAt, i18n.language) },
            )}`}
      </p>
      {mine && mine.intent !== "update" ? (
        <div className="mt-3">
          <Notice ok={mine.ok} message={mine.message} testId={`courier-account-${account.id}-notice`} />
        </div>
      ) : null}
      {enabled ? (
        <>
          <div className="mt-3 flex flex-wrap gap-2">
            <AccountAction id={account.id} intent="test" busy={busy} testId="courier-account-test">
              {t("adminCouriers.actions.test")}
            </AccountAction>
            <AccountAction id={account.id} intent="refresh" busy={busy} testId="courier-account-refresh">
              {t("adminCouriers.actions.refreshPlaces")}
            </AccountAction>
            {account.isDefault ? null : (
              <AccountAction id={account.id} intent="default" busy={busy} testId="courier-account-make-default">
                {t("adminCouriers.actions.makeDefault")}
              </AccountAction>
            )}
            <AccountAction
              id={account.id}
              intent="delete"
              busy={busy}
              testId="courier-account-delete"
              confirm={t("adminCouriers.actions.deleteConfirm")}
            >
              {t("adminCouriers.actions.delete")}
            </AccountAction>
          </div>
          <details className="mt-3" open={mine?.intent === "update" ? true : undefined}>
            <summary className="min-h-11 cursor-pointer py-2 text-sm font-medium text-brand-800">{t("adminCouriers.actions.edit")}</summary>
            {mine?.intent === "update" ? (
              <div className="my-2">
                <Notice ok={mine.ok} message={mine.message} testId={`courier-account-${account.id}-notice`} />
              </div>
            ) : null}
            <Form method="post" noValidate className="mt-2 space-y-4">
              <input type="hidden" name="intent" value="update" />
              <input type="hidden" name="id" value={account.id} />
              <AccountFields
                prefix={`courier-${account.id}`}
                family={account.family}
                answer={mine?.intent === "update" ? mine : null}
                label={account.label}
                baseUrl={account.baseUrl}
                originWilaya={account.originWilayaCode}
                wilayas={wilayas}
                replacing
              />
              <button type="submit" disabled={busy} className={`${button} w-full bg-brand-700 text-white hover:bg-brand-800 sm:w-auto`}>
                {t("adminCouriers.actions.save")}
              </button>
            </Form>
          </details>
        </>
      ) : null}
    </li>
  );
}

function AddAccount({ family, answer, wilayas }: { family: CourierFamily | null; answer: CouriersAnswer | null; wilayas: readonly WilayaOption[] }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const posted = answer && answer.intent === "add" ? answer : null;
  // After a refused post, the family posted (the page's address may have lost ?family=).
  const chosen: CourierFamily | null = family ?? COURIER_FAMILIES.find((name) => name === posted?.values?.family) ?? null;
  return (
    <section className="mt-8 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-5" aria-labelledby="courier-add-title">
      <h2 id="courier-add-title" className="text-lg font-semibold">
        {t("adminCouriers.add.title")}
      </h2>
      {chosen === null ? (
        // Choosing the family first: its form then has its own fields and address (works without JavaScript).
        <Form method="get" className="mt-3 space-y-3" data-testid="courier-family-form">
          <div>
            <label htmlFor="courier-family" className="block text-sm font-medium text-stone-800">
              {t("adminCouriers.add.family")}
            </label>
            <select
              id="courier-family"
              name="family"
              className={`${input} border-stone-300`}
              aria-describedby="courier-family-hint"
              data-testid="courier-family"
            >
              {COURIER_FAMILIES.map((name) => (
                <option key={name} value={name}>
                  {t(`adminCouriers.families.${name}`)}
                </option>
              ))}
            </select>
            <p id="courier-family-hint" className="mt-1 text-xs text-stone-500">
              {t("adminCouriers.add.chooseHint")}
            </p>
          </div>
          <button
            type="submit"
            className={`${button} w-full bg-brand-700 text-white hover:bg-brand-800 sm:w-auto`}
            data-testid="courier-family-choose"
          >
            {t("adminCouriers.actions.choose")}
          </button>
        </Form>
      ) : (
        <>
          <p className="mt-2 flex flex-wrap items-center gap-x-3 text-sm">
            <span className="font-medium text-stone-800" data-testid="courier-add-family">
              {t(`adminCouriers.families.${chosen}`)}
            </span>
            <Link to="/admin/couriers" className="text-brand-800 underline">
              {t("adminCouriers.actions.changeFamily")}
            </Link>
          </p>
          {posted ? (
            <div className="mt-3">
              <Notice ok={posted.ok} message={posted.message} testId="courier-add-notice" />
            </div>
          ) : null}
          <Form method="post" noValidate className="mt-4 space-y-4" data-testid="courier-add-form">
            <input type="hidden" name="intent" value="add" />
            <input type="hidden" name="family" value={chosen} />
            <AccountFields
              prefix="courier-add"
              family={chosen}
              answer={posted}
              label={COURIER_FAMILY_SPECS[chosen].defaultLabel}
              baseUrl={COURIER_FAMILY_SPECS[chosen].defaultBaseUrl ?? ""}
              originWilaya={null}
              wilayas={wilayas}
              replacing={false}
            />
            <button
              type="submit"
              disabled={busy}
              className={`${button} w-full bg-brand-700 text-white hover:bg-brand-800 sm:w-auto`}
              data-testid="courier-add-save"
            >
              {t("adminCouriers.actions.add")}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}

export default function AdminCouriers({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const answer = (actionData as CouriersAnswer | undefined) ?? null;
  const { enabled, accounts, addFamily, done, wilayas } = loaderData;
  const general = answer && answer.id === null && answer.intent !== "add" ? answer : null;
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="text-2xl font-bold text-brand-900">{t("adminCouriers.title")}</h1>
      <p className="mt-2 text-stone-700">{t("adminCouriers.intro")}</p>
      {enabled ? null : (
        <p role="alert" className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900" data-testid="couriers-disabled">
          {t("adminCouriers.disabled")}
        </p>
      )}
      {general ? (
        <div className="mt-4">
          <Notice ok={general.ok} message={general.message} />
        </div>
      ) : done && !answer ? (
        <div className="mt-4">
          <Notice ok message={t(`adminCouriers.notices.${done}`)} />
        </div>
      ) : null}

      <section className="mt-6" aria-labelledby="courier-list-title">
        <h2 id="courier-list-title" className="text-lg font-semibold">
          {t("adminCouriers.list.title")}
        </h2>
        {accounts.length === 0 ? (
          <p className="mt-2 text-stone-600" data-testid="courier-accounts-empty">
            {t("adminCouriers.list.empty")}
          </p>
        ) : (
          <ul className="mt-3 space-y-3" data-testid="courier-accounts">
            {accounts.map((account) => (
              <AccountCard
                key={`${account.id}-${account.label}-${account.baseUrl}`}
                account={account}
                answer={answer}
                enabled={enabled}
                wilayas={wilayas}
              />
            ))}
          </ul>
        )}
      </section>

      {enabled ? <AddAccount family={addFamily} answer={answer} wilayas={wilayas} /> : null}
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary };

/** One action on a saved account (test, make default, delete): a form of its own, so it works without JavaScript. */
function AccountAction({
  id,
  intent,
  busy,
  testId,
  confirm,
  children,
}: {
  id: number;
  intent: "test" | "refresh" | "default" | "delete";
  busy: boolean;
  testId: string;
  /** Asked first (a destructive action); the form is not sent when declined. */
  confirm?: string;
  children: ReactNode;
}) {
  const tone = intent === "delete" ? "border-red-300 text-red-700 hover:bg-red-50" : "border-stone-300 text-stone-800 hover:bg-stone-100";
  return (
    <Form method="post">
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        name="intent"
        value={intent}
        disabled={busy}
        onClick={confirm ? (event) => !window.confirm(confirm) && event.preventDefault() : undefined}
        className={`${button} border bg-white ${tone}`}
        data-testid={testId}
      >
        {children}
      </button>
    </Form>
  );
}
