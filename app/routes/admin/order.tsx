import { useTranslation } from "~/i18n/react";
import { data, Form, isRouteErrorResponse, Link, redirect, useNavigation, useRouteError } from "react-router";
import { AdminLoadError } from "~/components/admin/AdminLoadError";
import { ConfirmationPanel } from "~/components/admin/ConfirmationPanel";
import { formatOrderDate, OrderStatusBadge } from "~/components/admin/OrderStatusBadge";
import { OrderLinesTable } from "~/components/admin/OrderLinesTable";
import { OrderEditForm } from "~/components/admin/OrderEditForm";
import { OrderEditHistory } from "~/components/admin/OrderEditHistory";
import { ParcelPanel } from "~/components/admin/ParcelPanel";
import { mayUseAny } from "~/lib/admin-roles";
import { isBundleId } from "~/lib/jewellery";
import { formatDinars } from "~/lib/money";
import { orderFilterToSearchParams } from "~/lib/order-filter";
import { orderEditFromForm } from "~/lib/order-edit";
import { MAX_ORDER_NOTE_LENGTH } from "~/lib/order-workflow";
import { personName } from "~/lib/text";
import { courierFeaturesEnabled, listCourierAccounts } from "~/server/couriers/index.server";
import { getDb } from "~/server/db/connection.server";
import { forbiddenResponse, requireAdmin, requireAdminAction } from "~/server/http/admin-session.server";
import { pageContext } from "~/server/http/page-context.server";
import { requestI18n } from "~/server/http/request-i18n.server";
import { logger } from "~/server/logger.server";
import {
  addOrderNote,
  changeOrderStatus,
  confirmationErrorMessage,
  confirmationPanel,
  editOrder,
  getAdminOrder,
  mayAdminOpenOrders,
  runConfirmationIntent,
  orderEditPage,
  setOrderPhoneBlocked,
  workflowErrorMessage,
  type WorkflowResult,
} from "~/server/orders/index.server";
import { orderParcel, shipOrders, shipOutcomeMessage } from "~/server/shipping/index.server";
import type { Route } from "./+types/order";

function orderIdOf(raw: string | undefined): number | null {
  return raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, ["orders", "fulfilment", "queue"]);
  const openable = orderIdOf(params.id);
  if (openable !== null && !(await mayAdminOpenOrders(getDb(), admin, [openable]))) throw await forbiddenResponse(request);
  const ctx = await pageContext(request);
  const { language, t } = ctx;
  const id = orderIdOf(params.id);
  const db = getDb();
  const found = id === null ? null : await getAdminOrder(db, id, language);
  if (!found) throw data(t("adminOrders.errors.not_found"), { status: 404 });
  const [parcel, accounts, confirmation, edit] = await Promise.all([
    orderParcel(db, found.order.id),
    listCourierAccounts(db),
    confirmationPanel(db, found),
    orderEditPage(db, found.order.id, language),
  ]);
  // Editing (docs/decisions/0033-order-edits.md): owner and manager, and a confirmer on the orders given to them.
  const search = new URL(request.url).searchParams;
  const mayEdit = mayUseAny(admin.role, ["orders", "queue"]) && edit?.editable === true;
  return {
    language,
    title: ctx.pageTitle(t("adminOrders.order.title", { number: found.order.orderNumber })),
    ...found,
    edit: edit && { ...edit, mayEdit, editing: mayEdit && search.get("edit") === "1", edited: search.get("edited") === "1" },
    parcel,
    confirmation,
    couriersEnabled: courierFeaturesEnabled(),
    // The accounts an order can be shipped with: no credential, only their names.
    shipAccounts: accounts.filter((account) => account.credentials === "set").map(({ id, label, isDefault }) => ({ id, label, isDefault })),
  };
}

export type OrderActionAnswer = { ok: boolean; message: string; fields?: Record<string, string> };

/** intent=transition (to, note) | note (note) | block (reason) | unblock | ship (accountId, recreate) | call | confirm-call | cancel-call (ConfirmationPanel) | edit (app/lib/order-edit.ts). */
export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdminAction(request, ["orders", "fulfilment", "queue"]);
  const openable = orderIdOf(params.id);
  if (openable !== null && !(await mayAdminOpenOrders(getDb(), admin, [openable]))) throw await forbiddenResponse(request);
  const { t, language } = await requestI18n(request);
  const answer = (ok: boolean, message: string, status = 200) => data<OrderActionAnswer>({ ok, message }, { status });
  const id = orderIdOf(params.id);
  if (id === null) return answer(false, t("adminOrders.errors.not_found"), 404);
  const form = await request.formData();
  const intent = form.get("intent");
  const actor = { adminId: admin.adminId, email: admin.email };
  const db = getDb();
  const refused = (result: Extract<WorkflowResult, { ok: false }>) =>
    answer(false, workflowErrorMessage(t, result), result.code === "not_found" ? 404 : result.code === "stale" ? 409 : 422);
  try {
    const fields = { outcome: form.get("outcome"), callbackAt: form.get("callbackAt"), note: form.get("note"), reason: form.get("reason") };
    const confirmation = await runConfirmationIntent(db, id, intent, fields, admin);
    if (confirmation)
      return confirmation.ok ? answer(true, t("adminConfirmation.notices.saved")) : answer(false, confirmationErrorMessage(t, confirmation), 422);
    if (intent === "transition") {
      const to = form.get("to");
      const result = await changeOrderStatus(db, id, to, actor, form.get("note"));
      if (!result.ok) return refused(result);
      return answer(true, t("adminOrders.notices.changed", { status: t(`adminOrders.status.${to as "new"}`) }));
    }
    if (intent === "note") {
      const result = await addOrderNote(db, id, actor, form.get("note"));
      return result.ok ? answer(true, t("adminOrders.notices.noteAdded")) : refused(result);
    }
    if (intent === "edit") {
      if (!mayUseAny(admin.role, ["orders", "queue"])) return answer(false, t("admin.errors.forbidden"), 403);
      const result = await editOrder(db, id, orderEditFromForm(form), { adminId: admin.adminId, name: admin.name }, { language });
      if (!result.ok) {
        const status = result.code === "not_found" ? 404 : result.code === "stale" ? 409 : 422;
        return data<OrderActionAnswer>({ ok: false, message: result.message, fields: result.fields }, { status });
      }
      return redirect(`/admin/orders/${id}?edited=1`, 303);
    }
    if (intent === "ship") {
      const accountId = Number(form.get("accountId"));
      if (!Number.isSafeInteger(accountId) || accountId <= 0) return answer(false, t("adminOrders.errors.bad_request"), 400);
      const account = (await listCourierAccounts(db)).find((candidate) => candidate.id === accountId);
      const [outcome] = await shipOrders(db, { orderIds: [id], accountId, actor, recreateUnknown: form.get("recreate") === "1" });
      if (!outcome) return answer(false, t("adminOrders.errors.not_found"), 404);
      const ok = outcome.outcome === "shipped" && outcome.message === undefined;
      return answer(ok, shipOutcomeMessage(t, outcome, account?.label ?? ""), ok || outcome.outcome === "shipped" ? 200 : 422);
    }
    if (intent === "block" || intent === "unblock") {
      const result = await setOrderPhoneBlocked(db, id, intent === "block" ? { block: true, actor, reason: form.get("reason") } : { block: false });
      if (!result) return answer(false, t("adminOrders.errors.not_found"), 404);
      if (!result.ok) return refused(result);
      return answer(true, t(intent === "block" ? "adminOrders.notices.blocked" : "adminOrders.notices.unblocked"));
    }
    return answer(false, t("adminOrders.errors.bad_request"), 400);
  } catch (error) {
    logger.error({ err: error, orderId: id, intent }, "order action failed");
    return answer(false, t("adminOrders.errors.failed"), 500);
  }
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title }, { name: "robots", content: "noindex, nofollow" }];

const card = "rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200";
const button = "h-10 rounded-lg px-4 text-sm font-semibold disabled:opacity-60";

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { order, items, events, notes, record, duplicates, blocked, transitions, language, parcel, couriersEnabled, shipAccounts, edit } = loaderData;
  const money = (amount: number) => formatDinars(amount, language);
  const none = t("adminOrders.order.none");
  const actorName = (actor: string) => (actor === "shopper" || actor === "system" ? t(`adminOrders.order.actors.${actor}`) : actor);
  const notice = actionData ?? (edit?.edited ? { ok: true, message: t("adminOrderEdit.notices.saved") } : undefined);
  const phoneListHref = `/admin/orders?${orderFilterToSearchParams({ q: order.phone }).toString()}`;

  return (
    <div className="space-y-5" data-order-id={order.id} data-status={order.status}>
      <Link to="/admin/orders" className="text-sm text-brand-800 hover:underline">
        {t("adminOrders.order.back")}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-brand-900">
          {t("adminOrders.order.title", { number: "" })}
          <span dir="ltr">{order.orderNumber}</span>
        </h1>
        <OrderStatusBadge status={order.status} />
        <a
          href={`/admin/orders/${order.id}/slip`}
          target="_blank"
          rel="noopener"
          className="ms-auto rounded-lg border border-brand-700 px-3 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50"
          data-testid="print-slip"
        >
          {t("adminOrdersPrint.printSlip")}
        </a>
        <span className="text-sm text-stone-600">{t("adminOrders.order.placedAt", { date: formatOrderDate(order.createdAt, language) })}</span>
        {edit?.mayEdit && !edit.editing ? (
          <Link
            to="?edit=1"
            className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white"
            data-testid="order-edit"
          >
            {t("adminOrderEdit.edit")}
          </Link>
        ) : null}
      </div>

      <p
        role="status"
        aria-live="polite"
        className={
          notice ? `rounded-lg px-4 py-3 text-sm font-medium ${notice.ok ? "bg-emerald-50 text-emerald-800" : "bg-red-50 text-red-800"}` : "sr-only"
        }
        data-testid="order-notice"
      >
        {notice?.message}
      </p>

      {edit?.editing ? (
        <OrderEditForm
          view={edit}
          action={`/admin/orders/${order.id}?edit=1`}
          cancelHref={`/admin/orders/${order.id}`}
          fields={actionData?.fields}
          busy={busy}
          language={language}
        />
      ) : null}

      {order.phoneFlagged ? (
        <section className="rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200" data-testid="phone-flag">
          <h2 className="font-semibold text-amber-900">{t("adminOrders.order.phoneFlagTitle")}</h2>
          <p className="text-sm text-amber-900">{t("adminOrders.order.phoneFlagText")}</p>
        </section>
      ) : null}

      {duplicates.length > 0 ? (
        <section className="rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200" data-testid="duplicate-warning">
          <h2 className="font-semibold text-amber-900">{t("adminOrders.order.duplicateTitle")}</h2>
          <p className="text-sm text-amber-900">{t("adminOrders.order.duplicateText")}</p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {duplicates.map((other) => (
              <li key={other.id}>
                <Link to={`/admin/orders/${other.id}`} dir="ltr" className="font-medium text-brand-800 underline">
                  {other.orderNumber}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className="grid gap-5 lg:grid-cols-3">
        <div className="space-y-5 lg:col-span-2">
          <section className={card} aria-labelledby="order-actions">
            <h2 id="order-actions" className="mb-3 font-semibold">
              {t("adminOrders.order.actions")}
            </h2>
            {transitions.length === 0 ? (
              <p className="text-sm text-stone-600">{t("adminOrders.order.noActions")}</p>
            ) : (
              <Form method="post" className="space-y-3" data-testid="transition-form">
                <input type="hidden" name="intent" value="transition" />
                <label className="block text-sm">
                  <span className="mb-1 block text-stone-600">{t("adminOrders.order.transitionNote")}</span>
                  <input name="note" maxLength={MAX_ORDER_NOTE_LENGTH} className="h-10 w-full rounded-lg border border-stone-300 px-2 text-base" />
                </label>
                <div className="flex flex-wrap gap-2">
                  {transitions.map((to) => (
                    <button
                      key={to}
                      type="submit"
                      name="to"
                      value={to}
                      disabled={busy}
                      className={`${button} ${
                        to === "cancelled" || to === "returned"
                          ? "border border-red-300 bg-white text-red-800 hover:bg-red-50"
                          : "bg-brand-700 text-white hover:bg-brand-800"
                      }`}
                      data-transition={to}
                    >
                      {t(`adminOrders.order.to.${to as "confirmed"}`)}
                    </button>
                  ))}
                </div>
              </Form>
            )}
          </section>

          <section className={card} aria-labelledby="order-items">
            <h2 id="order-items" className="mb-3 font-semibold">
              {t("adminOrders.order.items")}
            </h2>
            <OrderLinesTable items={items} language={language} />
            <dl className="mt-3 space-y-1 border-t border-stone-200 pt-3 text-sm">
              <div className="flex justify-between">
                <dt>{t("adminOrders.order.itemsTotal")}</dt>
                <dd className="tabular-nums">{money(order.itemsTotal)}</dd>
              </div>
              <div className="flex justify-between">
                <dt>{t("adminOrders.order.delivery")}</dt>
                <dd className="tabular-nums">{money(order.deliveryPrice)}</dd>
              </div>
              <div className="flex justify-between font-bold">
                <dt>{t("adminOrders.order.total")}</dt>
                <dd className="tabular-nums" data-testid="order-total">
                  {money(order.total)}
                </dd>
              </div>
            </dl>
          </section>

          {edit ? (
            <OrderEditHistory
              edits={edit.edits}
              language={language}
              names={Object.fromEntries([...edit.wilayas, ...edit.communes].map((place) => [place.code, place.name]))}
            />
          ) : null}

          <section className={card} aria-labelledby="order-history">
            <h2 id="order-history" className="mb-3 font-semibold">
              {t("adminOrders.order.history")}
            </h2>
            <ol className="space-y-2 text-sm" data-testid="order-history">
              {events.map((event) => (
                <li key={event.id} className="border-s-2 border-brand-200 ps-3" data-status={event.status}>
                  <div className="flex flex-wrap items-center gap-2">
                    <OrderStatusBadge status={event.status} />
                    <span className="text-stone-700">{actorName(event.actor)}</span>
                    <span className="text-xs text-stone-500">{formatOrderDate(event.createdAt, language)}</span>
                  </div>
                  {event.note ? <p className="mt-1 whitespace-pre-line text-stone-700">{event.note}</p> : null}
                </li>
              ))}
            </ol>
          </section>

          <section className={card} aria-labelledby="order-notes">
            <h2 id="order-notes" className="mb-3 font-semibold">
              {t("adminOrders.order.notes")}
            </h2>
            {notes.length === 0 ? (
              <p className="text-sm text-stone-600">{t("adminOrders.order.notesEmpty")}</p>
            ) : (
              <ul className="space-y-2 text-sm" data-testid="order-notes">
                {notes.map((note) => (
                  <li key={note.id} className="rounded-lg bg-stone-50 p-2">
                    <p className="whitespace-pre-line">{note.note}</p>
                    <p className="mt-1 text-xs text-stone-500">
                      <span dir="ltr">{note.author}</span> · {formatOrderDate(note.createdAt, language)}
                    </p>
                  </li>
                ))}
              </ul>
            )}
            <Form method="post" className="mt-3 space-y-2" data-testid="note-form">
              <input type="hidden" name="intent" value="note" />
              <label className="block text-sm">
                <span className="mb-1 block text-stone-600">{t("adminOrders.order.noteLabel")}</span>
                <textarea
                  name="note"
                  required
                  rows={3}
                  maxLength={MAX_ORDER_NOTE_LENGTH}
                  className="w-full rounded-lg border border-stone-300 p-2 text-base"
                />
              </label>
              <button type="submit" disabled={busy} className={`${button} border border-stone-300 bg-white hover:bg-stone-100`}>
                {t("adminOrders.order.addNote")}
              </button>
            </Form>
          </section>
        </div>

        <div className="space-y-5">
          {loaderData.confirmation ? <ConfirmationPanel data={loaderData.confirmation} language={language} /> : null}
          <ParcelPanel
            orderId={order.id}
            parcel={parcel}
            canShip={order.status === "confirmed"}
            accounts={shipAccounts}
            couriersEnabled={couriersEnabled}
            stopDeskName={order.stopDeskName}
            busy={busy}
            language={language}
          />
          <section className={card} aria-labelledby="order-customer">
            <h2 id="order-customer" className="mb-3 font-semibold">
              {t("adminOrders.order.customer")}
            </h2>
            <dl className="space-y-2 text-sm">
              <Field label={t("adminOrders.order.name")}>{personName(order.firstName, order.lastName)}</Field>
              <Field label={t("adminOrders.order.phone")}>
                <a href={`tel:${order.phone}`} dir="ltr" className="font-mono text-brand-800 hover:underline" data-testid="order-phone">
                  {order.phone}
                </a>
              </Field>
              <Field label={t("adminOrders.order.email")}>
                <span dir="ltr">{order.email ?? none}</span>
              </Field>
              <Field label={t("adminOrders.order.wilaya")}>
                {order.wilayaCode} – {order.wilayaName ?? none}
              </Field>
              {order.communeName ? (
                <Field label={t("adminOrders.order.commune")}>
                  <span data-testid="order-commune">{order.communeName}</span>
                </Field>
              ) : null}
              {order.deliveryType === "home" || order.deliveryType === "stop_desk" ? (
                <Field label={t("adminOrders.order.deliveryType")}>{t(`adminOrders.order.deliveryTypes.${order.deliveryType}`)}</Field>
              ) : null}
              <Field label={t("adminOrders.order.address")}>{order.address ?? none}</Field>
              <Field label={t("adminOrders.order.source")}>{t(`adminOrders.source.${order.source}`)}</Field>
              {isBundleId(order.bundle) ? (
                <Field label={t("jewellery.bundle.label")}>
                  <span data-testid="order-bundle">{t(`jewellery.bundles.${order.bundle}.name`)}</span>
                </Field>
              ) : null}
              <Field label={t("adminOrders.order.trackingRef")}>
                <span dir="ltr">{order.ref ?? none}</span>
              </Field>
            </dl>
          </section>

          <section className={card} aria-labelledby="order-record" data-testid="customer-record">
            <h2 id="order-record" className="mb-3 font-semibold">
              {t("adminOrders.order.customerRecord")}
            </h2>
            <p className="text-sm font-medium" data-testid="record-orders">
              {t("adminOrders.order.recordOrders", { count: record.orders })}
            </p>
            <ul className="mt-1 text-sm text-stone-700">
              <li>{t("adminOrders.order.recordDelivered", { count: record.delivered })}</li>
              <li data-testid="record-returned">{t("adminOrders.order.recordReturned", { count: record.returned })}</li>
              <li>{t("adminOrders.order.recordCancelled", { count: record.cancelled })}</li>
            </ul>
            <Link to={phoneListHref} className="mt-2 inline-block text-sm text-brand-800 underline">
              {t("adminOrders.order.seeOrders")}
            </Link>

            <div className="mt-4 border-t border-stone-200 pt-3">
              {blocked ? (
                <Form method="post" className="space-y-2" data-testid="unblock-form">
                  <p className="text-sm font-medium text-red-800" data-testid="phone-blocked">
                    {t("adminOrders.order.blocked")}
                  </p>
                  {blocked.reason ? (
                    <p className="text-sm text-stone-700">{t("adminOrders.order.blockedReason", { reason: blocked.reason })}</p>
                  ) : null}
                  <input type="hidden" name="intent" value="unblock" />
                  <button type="submit" disabled={busy} className={`${button} border border-stone-300 bg-white hover:bg-stone-100`}>
                    {t("adminOrders.order.unblock")}
                  </button>
                </Form>
              ) : (
                <Form method="post" className="space-y-2" data-testid="block-form">
                  <input type="hidden" name="intent" value="block" />
                  <label className="block text-sm">
                    <span className="mb-1 block text-stone-600">{t("adminOrders.order.blockReason")}</span>
                    <input
                      name="reason"
                      maxLength={MAX_ORDER_NOTE_LENGTH}
                      className="h-10 w-full rounded-lg border border-stone-300 px-2 text-base"
                    />
                  </label>
                  <button type="submit" disabled={busy} className={`${button} border border-red-300 bg-white text-red-800 hover:bg-red-50`}>
                    {t("adminOrders.order.block")}
                  </button>
                </Form>
              )}
            </div>
          </section>
        </div>
      </div>
    </div>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-stone-500">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 401) throw error;
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <div className="space-y-3">
        <p className="text-stone-700" role="alert">
          {t("adminOrders.errors.not_found")}
        </p>
        <Link to="/admin/orders" className="text-brand-800 underline">
          {t("adminOrders.order.back")}
        </Link>
      </div>
    );
  }
  return <AdminLoadError />;
}
