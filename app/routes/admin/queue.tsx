import { data, Form, Link, useNavigation } from "react-router";
import { ConfirmationPanel } from "~/components/admin/ConfirmationPanel";
import { formatOrderDate } from "~/components/admin/OrderStatusBadge";
import { useTranslation } from "~/i18n/react";
import { formatDinars } from "~/lib/money";
import { personName } from "~/lib/text";
import { getDb } from "~/server/db/connection.server";
import { requireAdmin, requireAdminAction } from "~/server/http/admin-session.server";
import { pageContext } from "~/server/http/page-context.server";
import { requestI18n } from "~/server/http/request-i18n.server";
import { logger } from "~/server/logger.server";
import {
  confirmationErrorMessage,
  confirmationPanel,
  getAdminOrder,
  heldOrder,
  releaseOrder,
  runConfirmationIntent,
  takeNextOrder,
} from "~/server/orders/index.server";
import type { Route } from "./+types/queue";

/** The call queue: the order this agent holds now (taken with "next"), with everything to call the customer. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdmin(request, "queue");
  const ctx = await pageContext(request);
  const db = getDb();
  const held = await heldOrder(db, session);
  const found = held === null ? null : await getAdminOrder(db, held, ctx.language);
  const panel = found && (await confirmationPanel(db, found));
  return {
    language: ctx.language,
    title: ctx.pageTitle(ctx.t("adminConfirmation.queue.title")),
    card:
      found && panel
        ? {
            order: found.order,
            items: found.items.map(({ id, title, variantLabel, quantity, lineTotal }) => ({ id, title, variantLabel, quantity, lineTotal })),
            panel,
          }
        : null,
  };
}

export type QueueActionAnswer = { ok: boolean; message: string };

function orderIdOf(raw: FormDataEntryValue | null): number | null {
  return typeof raw === "string" && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
}

/** intent=take (the next order; the one held is let go) | release | call | confirm-call | cancel-call (orderId). */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdminAction(request, "queue");
  const { t } = await requestI18n(request);
  const answer = (ok: boolean, message: string, status = 200) => data<QueueActionAnswer>({ ok, message }, { status });
  const form = await request.formData();
  const intent = form.get("intent");
  const db = getDb();
  const orderId = orderIdOf(form.get("orderId"));
  try {
    if (intent === "take") {
      const taken = await takeNextOrder(db, session, new Date(), { skip: orderId });
      return taken === null ? answer(true, t("adminConfirmation.queue.empty")) : answer(true, "");
    }
    if (intent === "release") {
      if (orderId !== null) await releaseOrder(db, orderId, session);
      return answer(true, t("adminConfirmation.notices.released"));
    }
    if (orderId === null) return answer(false, t("adminConfirmation.errors.not_found"), 404);
    const running = runConfirmationIntent(
      db,
      orderId,
      intent,
      { outcome: form.get("outcome"), callbackAt: form.get("callbackAt"), note: form.get("note"), reason: form.get("reason") },
      session,
    );
    if (!running) return answer(false, t("adminOrders.errors.bad_request"), 400);
    const result = await running;
    if (!result.ok) return answer(false, confirmationErrorMessage(t, result), result.code === "not_found" ? 404 : 422);
    if (intent === "confirm-call") return answer(true, t("adminConfirmation.notices.confirmed"));
    if (intent === "cancel-call") return answer(true, t("adminConfirmation.notices.cancelled"));
    return answer(
      true,
      t("adminConfirmation.notices.logged", { outcome: t(`adminConfirmation.outcomes.${String(form.get("outcome")) as "no_answer"}`) }),
    );
  } catch (error) {
    logger.error({ err: error, orderId, intent }, "queue action failed");
    return answer(false, t("adminOrders.errors.failed"), 500);
  }
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title }, { name: "robots", content: "noindex, nofollow" }];

const tap = "inline-flex min-h-11 items-center justify-center rounded-lg px-4 text-sm font-semibold disabled:opacity-60";

export default function QueuePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const { card, language } = loaderData;
  const money = (amount: number) => formatDinars(amount, language);
  return (
    <div className="space-y-4" data-testid="queue-page" data-order-id={card?.order.id ?? ""}>
      <h1 className="text-2xl font-bold text-brand-900">{t("adminConfirmation.queue.title")}</h1>
      <p className="text-sm text-stone-600">{t("adminConfirmation.queue.intro")}</p>
      <p
        role="status"
        aria-live="polite"
        className={
          actionData?.message
            ? `rounded-lg px-4 py-3 text-sm font-medium ${actionData.ok ? "bg-emerald-50 text-emerald-800" : "bg-red-50 text-red-800"}`
            : "sr-only"
        }
        data-testid="queue-notice"
      >
        {actionData?.message}
      </p>
      <div className="flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="intent" value="take" />
          {card ? <input type="hidden" name="orderId" value={card.order.id} /> : null}
          <button type="submit" disabled={busy} className={`${tap} bg-brand-700 text-white`} data-testid="take-next">
            {t("adminConfirmation.queue.takeNext")}
          </button>
        </Form>
        {card ? (
          <Form method="post">
            <input type="hidden" name="intent" value="release" />
            <input type="hidden" name="orderId" value={card.order.id} />
            <button type="submit" disabled={busy} className={`${tap} border border-stone-300 text-stone-800`} data-testid="release">
              {t("adminConfirmation.queue.release")}
            </button>
          </Form>
        ) : null}
      </div>

      {card ? (
        <div className="space-y-4">
          <section className="space-y-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200" data-testid="queue-card">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Link
                to={`/admin/orders/${card.order.id}`}
                dir="ltr"
                className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
                data-testid="queue-order-number"
              >
                {card.order.orderNumber}
              </Link>
              <span className="text-sm text-stone-600">{formatOrderDate(card.order.createdAt, language)}</span>
            </div>
            <p className="font-semibold text-stone-900 [overflow-wrap:anywhere]" data-testid="queue-customer">
              {personName(card.order.firstName, card.order.lastName)}
            </p>
            <p className="text-sm text-stone-700 [overflow-wrap:anywhere]">
              {t("adminConfirmation.queue.delivery")}:{" "}
              {[card.order.wilayaName, card.order.communeName, card.order.stopDeskName].filter(Boolean).join(" · ")}
              {card.order.address ? ` — ${card.order.address}` : ""}
            </p>
            <h2 className="pt-2 text-sm font-semibold text-stone-800">{t("adminConfirmation.queue.lines")}</h2>
            <ul className="divide-y divide-stone-100 text-sm">
              {card.items.map((item) => (
                <li key={item.id} className="flex items-start justify-between gap-3 py-2">
                  <span className="min-w-0 [overflow-wrap:anywhere]">
                    {item.title}
                    {item.variantLabel ? ` — ${item.variantLabel}` : ""} × {item.quantity}
                  </span>
                  <span className="shrink-0 whitespace-nowrap">{money(item.lineTotal)}</span>
                </li>
              ))}
            </ul>
            <p className="flex justify-between gap-3 border-t border-stone-200 pt-2 font-semibold">
              <span>{t("adminConfirmation.queue.total")}</span>
              <span className="whitespace-nowrap" data-testid="queue-total">
                {money(card.order.total)}
              </span>
            </p>
          </section>
          <ConfirmationPanel data={card.panel} language={language} />
        </div>
      ) : (
        <p className="rounded-xl bg-white p-4 text-sm text-stone-700 ring-1 ring-stone-200" data-testid="queue-empty">
          {t("adminConfirmation.queue.empty")}
        </p>
      )}
    </div>
  );
}
