import { useTranslation } from "~/i18n/react";
import { data, Form, redirect, useNavigation } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/AdminLoadError";
import { Pagination } from "~/components/ui/Pagination";
import { formatDinars } from "~/lib/money";
import { telHref } from "~/lib/phone";
import { ADMIN_HEADERS, adminPageHeaders, requireAdmin, requireAdminAction } from "~/server/http/admin-session.server";
import { clientIp } from "~/server/http/client-address.server";
import { pageContext } from "~/server/http/page-context.server";
import { requestI18n } from "~/server/http/request-i18n.server";
import { convertOrderDraft, deleteOrderDraft, listOrderDrafts } from "~/server/orders/index.server";
import { getDb } from "~/server/db/connection.server";
import type { Route } from "./+types/drafts";

/**
 * /admin/drafts (the call queue's area): abandoned order forms, newest first, 30 a page, each
 * with its phone to call, its lines at today's prices and its age; the agent turns one into an
 * order in one step (intent=convert, id) or deletes it (intent=delete, id), each answered with a
 * 303 back to the same page, or the order service's refusal (out of stock…) in the admin's language.
 */
const PATH = "/admin/drafts";
const PAGE_SIZE = 30;

function pageOf(params: URLSearchParams): number {
  const requested = Number(params.get("page"));
  return Number.isInteger(requested) && requested >= 1 ? requested : 1;
}

function hrefFor(page: number, notice?: Record<string, string>): string {
  const params = new URLSearchParams(notice);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${PATH}?${query}` : PATH;
}

/** "3 hours ago", in the admin's language. */
function ageOf(iso: string, now: number, format: Intl.RelativeTimeFormat): string {
  const minutes = Math.round((Date.parse(iso) - now) / 60_000);
  if (minutes > -60) return format.format(minutes, "minute");
  if (minutes > -24 * 60) return format.format(Math.round(minutes / 60), "hour");
  return format.format(Math.round(minutes / (24 * 60)), "day");
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "queue");
  const ctx = await pageContext(request);
  const params = new URL(request.url).searchParams;
  const page = pageOf(params);
  const list = await listOrderDrafts(getDb(), { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }, ctx.language);
  const format = new Intl.RelativeTimeFormat(ctx.language, { numeric: "auto" });
  const now = Date.now();
  return {
    drafts: list.drafts.map((draft) => ({ ...draft, age: ageOf(draft.updatedAt, now, format) })),
    total: list.total,
    page,
    pageCount: Math.max(1, Math.ceil(list.total / PAGE_SIZE)),
    language: ctx.language,
    converted: params.get("converted"),
    deleted: params.get("deleted") === "1",
    title: ctx.pageTitle(ctx.t("adminDrafts.title")),
  };
}

export type DraftsAdminAnswer = { ok: false; message: string; fields: string[] };

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdminAction(request, "queue");
  const { t, language } = await requestI18n(request);
  const form = await request.formData();
  const refuse = (status: number, message: string, fields: string[] = []) =>
    data<DraftsAdminAnswer>({ ok: false, message, fields }, { status, headers: ADMIN_HEADERS });
  const id = Number(form.get("id"));
  if (!Number.isInteger(id) || id < 1) return refuse(400, t("adminDrafts.errors.bad_request"));
  const page = pageOf(new URL(request.url).searchParams);
  switch (form.get("intent")) {
    case "convert": {
      const result = await convertOrderDraft(getDb(), id, {
        ip: clientIp(request),
        language,
        userAgent: request.headers.get("user-agent"),
        placedBy: { adminId: admin.adminId, email: admin.email },
      });
      if (!result.ok) {
        if (result.reason === "not_found") return refuse(404, t("adminDrafts.errors.not_found"));
        return refuse(422, result.error.message, Object.values(result.error.fields));
      }
      throw redirect(hrefFor(page, { converted: result.orderNumber }), { status: 303, headers: ADMIN_HEADERS });
    }
    case "delete":
      if (!(await deleteOrderDraft(getDb(), id))) return refuse(404, t("adminDrafts.errors.not_found"));
      throw redirect(hrefFor(page, { deleted: "1" }), { status: 303, headers: ADMIN_HEADERS });
    default:
      return refuse(400, t("adminDrafts.errors.bad_request"));
  }
}

export const headers: Route.HeadersFunction = adminPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title }, { name: "robots", content: "noindex, nofollow" }];

export default function Drafts({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { drafts, total, page, pageCount, language, converted, deleted } = loaderData;
  const term = "text-xs text-stone-500";
  const button = "inline-flex min-h-11 items-center justify-center rounded-lg px-4 text-sm font-semibold disabled:opacity-50";

  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-bold text-brand-900">{t("adminDrafts.title")}</h1>
        <p className="text-sm text-stone-600">{t("adminDrafts.intro")}</p>
        <p className="mt-1 text-sm text-stone-600" data-testid="drafts-total">
          {t("adminDrafts.count", { count: total })}
        </p>
      </div>

      {!actionData && (converted || deleted) && (
        <p role="status" className="rounded-lg bg-emerald-50 px-4 py-2 text-sm text-emerald-900 ring-1 ring-emerald-200">
          {converted ? t("adminDrafts.notices.converted", { orderNumber: converted }) : t("adminDrafts.notices.deleted")}
        </p>
      )}
      {actionData && !actionData.ok && (
        <div role="alert" className="rounded-lg bg-red-50 px-4 py-2 text-sm text-red-900 ring-1 ring-red-200" data-testid="drafts-error">
          <p>{actionData.message}</p>
          {actionData.fields.filter((field) => field !== actionData.message).length > 0 && (
            <ul className="mt-1 list-inside list-disc">
              {actionData.fields
                .filter((field) => field !== actionData.message)
                .map((field) => (
                  <li key={field}>{field}</li>
                ))}
            </ul>
          )}
        </div>
      )}

      {drafts.length === 0 ? (
        <p className="rounded-xl bg-white p-8 text-center text-stone-600" data-testid="drafts-empty">
          {t("adminDrafts.empty")}
        </p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t("adminDrafts.caption")}>
          {drafts.map((draft) => (
            <li key={draft.id} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200" data-testid="draft-row" data-id={draft.id}>
              <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
                <h2 className="min-w-0 text-lg font-semibold wrap-anywhere text-stone-900">
                  <bdi>{draft.name || t("adminDrafts.noName")}</bdi>
                </h2>
                <p className="text-sm text-stone-600">
                  <span className="sr-only">{t("adminDrafts.age")}: </span>
                  <time dateTime={draft.updatedAt}>{draft.age}</time>
                </p>
              </div>
              <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
                <div className="flex flex-col gap-0.5">
                  <dt className={term}>{t("adminDrafts.phone")}</dt>
                  <dd>
                    <a
                      href={telHref(draft.phone)}
                      dir="ltr"
                      className="inline-flex min-h-11 items-center font-mono text-brand-800 hover:underline"
                      data-testid="draft-phone"
                    >
                      {draft.phone}
                    </a>
                  </dd>
                </div>
                <div className="flex flex-col gap-0.5">
                  <dt className={term}>{t("adminDrafts.wilaya")}</dt>
                  <dd>{draft.wilayaCode ?? "—"}</dd>
                </div>
                <div className="col-span-2 flex flex-col gap-0.5">
                  <dt className={term}>{t("adminDrafts.lines")}</dt>
                  <dd>
                    <ul className="flex flex-col gap-1">
                      {draft.lines.map((line, index) => (
                        <li key={`${line.productId}.${index}`} className="flex flex-wrap justify-between gap-x-3">
                          <span className="min-w-0 wrap-anywhere">
                            <bdi>{line.title}</bdi> × {line.quantity}
                          </span>
                          <span className="whitespace-nowrap">
                            {line.lineTotal === null ? t("adminDrafts.unavailable") : formatDinars(line.lineTotal, language)}
                          </span>
                        </li>
                      ))}
                    </ul>
                  </dd>
                </div>
                <div className="flex flex-col gap-0.5">
                  <dt className={term}>{t("adminDrafts.total")}</dt>
                  <dd className="font-semibold whitespace-nowrap" data-testid="draft-total">
                    {formatDinars(draft.total, language)}
                  </dd>
                </div>
                <div className="flex flex-col gap-0.5">
                  <dt className={term}>{t("adminDrafts.source")}</dt>
                  <dd>{t(`adminOrders.source.${draft.source}`)}</dd>
                </div>
              </dl>
              <div className="mt-3 flex flex-wrap gap-2">
                <Form method="post">
                  <input type="hidden" name="id" value={draft.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="convert"
                    disabled={busy}
                    className={`${button} bg-brand-700 text-white hover:bg-brand-800`}
                    data-testid="draft-convert"
                  >
                    {t("adminDrafts.convert")}
                  </button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="id" value={draft.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="delete"
                    disabled={busy}
                    className={`${button} text-red-800 ring-1 ring-red-200 hover:bg-red-50`}
                    data-testid="draft-delete"
                  >
                    {t("adminDrafts.delete")}
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}

      <Pagination page={page} pageCount={pageCount} hrefFor={(n) => hrefFor(n)} />
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
