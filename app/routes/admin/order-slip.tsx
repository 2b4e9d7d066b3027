import QRCode from "qrcode";
import { data } from "react-router";
import { formatDinars } from "~/lib/money";
import { localOrderDate, orderIdFromParam } from "~/lib/order-print";
import { personName } from "~/lib/text";
import { ADMIN_HEADERS, adminPageHeaders, forbiddenResponse, requireAdmin } from "~/server/http/admin-session.server";
import { i18nFor } from "~/server/i18n.server";
import { requestI18n } from "~/server/http/request-i18n.server";
import { getDb } from "~/server/db/connection.server";
import { slipShopInfo } from "~/server/settings/index.server";
import { loadPrintableOrder, mayAdminOpenOrders } from "~/server/orders/index.server";
import type { Route } from "./+types/order-slip";
import slipStylesheet from "./order-slip.css?url";

/**
 * GET /admin/orders/:id/slip (id 42 or SQ-000042): the A6 delivery slip of one order, to print
 * and stick on the parcel. Outside the admin layout (no header or tabs), still behind requireAdmin.
 * Arabic and French labels side by side; the order number as a QR code drawn on the server.
 */

const LABELS = ["shop", "order", "date", "recipient", "phone", "wilaya", "commune", "address", "deliveryType", "stopDesk", "items", "cod"] as const;
type SlipLabel = (typeof LABELS)[number];

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, ["orders", "fulfilment"]);
  const id = orderIdFromParam(params.id);
  if (id !== null && !(await mayAdminOpenOrders(getDb(), admin, [id]))) throw await forbiddenResponse(request);
  const order = id === null ? undefined : await loadPrintableOrder(getDb(), id);
  if (!order) throw data(null, { status: 404, headers: ADMIN_HEADERS });

  const [{ t }, ar, fr] = await Promise.all([requestI18n(request), i18nFor("ar"), i18nFor("fr")]);
  const labels = Object.fromEntries(
    LABELS.map((key) => [key, { ar: ar.t(`adminOrdersPrint.slip.${key}`), fr: fr.t(`adminOrdersPrint.slip.${key}`) }]),
  ) as Record<SlipLabel, { ar: string; fr: string }>;
  const deliveryType = order.deliveryType
    ? {
        ar: ar.t(`adminOrdersPrint.deliveryType.${order.deliveryType as "home"}`, { defaultValue: order.deliveryType }),
        fr: fr.t(`adminOrdersPrint.deliveryType.${order.deliveryType as "home"}`, { defaultValue: order.deliveryType }),
      }
    : null;
  const [qrSvg, shop] = await Promise.all([
    QRCode.toString(order.orderNumber, { type: "svg", margin: 0, errorCorrectionLevel: "M" }),
    // The names and phone from the shop settings; no phone line until the merchant set one.
    slipShopInfo(getDb()),
  ]);

  return data(
    {
      title: t("adminOrdersPrint.slip.title", { orderNumber: order.orderNumber }),
      printLabel: t("adminOrdersPrint.slip.print"),
      qrLabel: t("adminOrdersPrint.slip.qrLabel", { orderNumber: order.orderNumber }),
      shop,
      labels,
      deliveryType,
      qrSvg,
      date: localOrderDate(order.createdAt, "fr-DZ"),
      codAr: formatDinars(order.total, "ar"),
      codFr: formatDinars(order.total, "fr"),
      order: {
        orderNumber: order.orderNumber,
        name: personName(order.firstName, order.lastName),
        phone: order.phone,
        wilaya: `${order.wilayaCode} - ${order.wilayaNameAr} / ${order.wilayaName}`,
        commune:
          order.communeNameAr && order.communeName && order.communeNameAr !== order.communeName
            ? `${order.communeNameAr} / ${order.communeName}`
            : (order.communeNameAr ?? order.communeName),
        address: order.address,
        stopDesk: order.stopDeskName,
        // A line sold under a quantity offer names it, as the shopper saw it, for the courier's check.
        lines: order.lines.map((line) => ({ title: line.title, offer: line.offerLabel, quantity: line.quantity })),
      },
    },
    { headers: ADMIN_HEADERS },
  );
}

export const headers: Route.HeadersFunction = adminPageHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }, { name: "robots", content: "noindex, nofollow" }];

/** An Arabic label with its French twin. */
function Label({ pair }: { pair: { ar: string; fr: string } }) {
  return (
    <span className="text-[7pt] leading-tight text-stone-600">
      {pair.ar}
      <span className="px-1 text-stone-400">·</span>
      <span lang="fr" dir="ltr">
        {pair.fr}
      </span>
    </span>
  );
}

function Field({ label, children, ltr = false }: { label: { ar: string; fr: string }; children: React.ReactNode; ltr?: boolean }) {
  return (
    <div className="flex flex-col">
      <Label pair={label} />
      <span className={`text-[10pt] leading-snug font-semibold break-words ${ltr ? "self-start" : ""}`} dir={ltr ? "ltr" : undefined}>
        {children}
      </span>
    </div>
  );
}

/** A6 (105 × 148 mm); the explicit size first for browsers that do not know the name A6. */
/** The slip's page size and print background: a stylesheet, not a <style> element, so the CSP's style-src 'self' allows it. */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: slipStylesheet }];

export default function OrderSlip({ loaderData }: Route.ComponentProps) {
  const { labels, order, shop } = loaderData;
  return (
    <div className="flex min-h-dvh flex-col items-center gap-4 bg-stone-100 py-6 print:block print:min-h-0 print:bg-white print:py-0">
      <button
        type="button"
        onClick={() => window.print()}
        className="h-10 rounded-lg bg-brand-700 px-5 text-sm font-semibold text-white print:hidden"
        data-testid="slip-print"
      >
        {loaderData.printLabel}
      </button>
      <article
        lang="ar"
        dir="rtl"
        data-testid="order-slip"
        className="flex h-[148mm] w-[105mm] flex-col gap-[2.5mm] overflow-hidden border border-stone-300 bg-white p-[6mm] text-stone-900 shadow-sm print:h-[134mm] print:w-[93mm] print:border-0 print:p-0 print:shadow-none"
      >
        <header className="flex items-start gap-[3mm] border-b border-stone-900 pb-[2mm]">
          <div className="flex min-w-0 flex-1 flex-col">
            <Label pair={labels.shop} />
            <span className="text-[12pt] leading-tight font-bold">{shop.nameAr}</span>
            <span className="self-start text-[9pt] leading-tight" lang="fr" dir="ltr">
              {shop.name}
            </span>
            {shop.phone ? (
              <span className="self-start text-[9pt] font-semibold" dir="ltr" data-testid="slip-shop-phone">
                ☎ {shop.phone}
              </span>
            ) : null}
            <div className="mt-[1.5mm] flex flex-col">
              <Label pair={labels.order} />
              <span className="self-start font-mono text-[11pt] font-bold" dir="ltr" data-testid="slip-order-number">
                {order.orderNumber}
              </span>
              <span className="self-start text-[8pt] text-stone-700" dir="ltr">
                {loaderData.date}
              </span>
            </div>
          </div>
          <div
            role="img"
            aria-label={loaderData.qrLabel}
            className="size-[26mm] shrink-0 [&>svg]:size-full"
            data-testid="slip-qr"
            dangerouslySetInnerHTML={{ __html: loaderData.qrSvg }}
          />
        </header>

        <section className="grid grid-cols-2 gap-x-[3mm] gap-y-[1.5mm]">
          <div className="col-span-2">
            <Field label={labels.recipient}>{order.name}</Field>
          </div>
          <Field label={labels.phone} ltr>
            <span className="text-[12pt] font-bold">{order.phone}</span>
          </Field>
          {loaderData.deliveryType ? (
            <Field label={labels.deliveryType}>
              {loaderData.deliveryType.ar}
              <span className="px-1 text-stone-400">·</span>
              <span lang="fr">{loaderData.deliveryType.fr}</span>
            </Field>
          ) : (
            <div />
          )}
          <Field label={labels.wilaya}>{order.wilaya}</Field>
          {order.commune ? <Field label={labels.commune}>{order.commune}</Field> : <div />}
          {order.stopDesk ? (
            <div className="col-span-2" data-testid="slip-stop-desk">
              <Field label={labels.stopDesk}>{order.stopDesk}</Field>
            </div>
          ) : null}
          {order.address ? (
            <div className="col-span-2">
              <Field label={labels.address}>{order.address}</Field>
            </div>
          ) : null}
        </section>

        <section className="min-h-0 flex-1 overflow-hidden border-t border-stone-300 pt-[1.5mm]">
          <Label pair={labels.items} />
          <ul className="text-[8.5pt] leading-snug">
            {order.lines.map((line, index) => (
              <li key={index} className="flex gap-[2mm]">
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate">{line.title}</span>
                  {line.offer ? (
                    <span className="truncate text-[7.5pt] text-stone-700" data-testid="slip-line-offer">
                      {line.offer}
                    </span>
                  ) : null}
                </span>
                <span className="shrink-0 font-semibold" dir="ltr">
                  × {line.quantity}
                </span>
              </li>
            ))}
          </ul>
        </section>

        <footer className="rounded-[2mm] border-2 border-stone-900 px-[3mm] py-[1.5mm] text-center" data-testid="slip-cod">
          <Label pair={labels.cod} />
          <div className="text-[22pt] leading-none font-extrabold" dir="ltr">
            {loaderData.codAr}
          </div>
          <div className="text-[9pt] font-semibold" lang="fr" dir="ltr">
            {loaderData.codFr}
          </div>
        </footer>
      </article>
    </div>
  );
}
