import { data, redirect } from "react-router";
import { orderConfirmationPath } from "~/lib/order-confirmation";
import {
  isQuote,
  placedOrder,
  quotedForm,
  refusedForm,
  refusedOrder,
  type OrderFormAnswer,
  type OrderFormKind,
  type ParsedOrderForm,
} from "~/lib/order-form";
import { getDb } from "../db/connection.server";
import { stopDeskChoices } from "../couriers/index.server";
import { withTypedCommunes } from "../delivery/index.server";
import { getOrderConfirmation, placeOrder } from "../orders/index.server";
import { orderContext } from "./order-context.server";
import { requestI18n } from "./request-i18n.server";

/**
 * The answer of every order form's action (cart, quick-buy, contact, product, jewellery), once its
 * schema parsed the post: "update the fee" re-renders the form with the fee (nothing ordered); a
 * refusal goes back to the form with its fields and the wilaya's communes; a placed order is the
 * confirmation itself when the browser sent its key (JavaScript), else a 303 to the confirmation
 * page (docs/decisions/0025-one-order-path-with-conform.md).
 */
export async function answerOrderForm(request: Request, form: FormData, parsed: ParsedOrderForm, kind: OrderFormKind, placedHeaders?: HeadersInit) {
  const db = getDb();
  const { language } = await requestI18n(request);
  const { submission, body, key } = parsed;
  const refused = async (answer: OrderFormAnswer, status: number) => {
    const payload = submission.payload;
    // A stop-desk delivery: the default courier's desks of the typed wilaya, for the form shown again without JavaScript.
    const desks = payload.deliveryType === "stop_desk" && typeof payload.wilaya === "string" ? await stopDeskChoices(db, payload.wilaya.trim()) : [];
    const withCommunes = await withTypedCommunes(db, payload, answer);
    return data<OrderFormAnswer>(desks.length > 0 ? { ...withCommunes, stopDesks: desks } : withCommunes, { status });
  };
  if (isQuote(form)) return refused(quotedForm(submission), 200);
  if (!body) return refused(refusedForm(submission), 422);
  const placed = await placeOrder(db, body, orderContext(request, language, { idempotencyKey: key, formPost: !key }));
  if (!placed.ok) return refused(refusedOrder(submission, placed.error, kind), placed.status);
  if (key) return data<OrderFormAnswer>(placedOrder(submission, placed.order, await getOrderConfirmation(db, placed.confirmationToken, language)));
  return redirect(orderConfirmationPath(placed.confirmationToken), { status: 303, headers: placedHeaders });
}
