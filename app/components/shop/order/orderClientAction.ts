import { isRouteErrorResponse } from "react-router";
import type { OrderFormAnswer } from "~/lib/order-form";

/**
 * The client side of an order form's route action: the server's answer, or, when the shop
 * could not be reached (offline, a timeout), a refusal without a message, so the form stays as
 * typed with its failure banner. Redirects and the server's own error responses pass through.
 */
export async function orderClientAction(serverAction: () => Promise<unknown>): Promise<unknown> {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response || isRouteErrorResponse(error)) throw error;
    const unreachable: OrderFormAnswer = { result: { status: "error", error: { "": [] } } };
    return unreachable;
  }
}

/** A route's actionData as an order form's answer (the route's answer to a refused plain post), else null. */
export function orderFormAnswerOf(value: unknown): OrderFormAnswer | null {
  return typeof value === "object" && value !== null && "result" in value ? (value as OrderFormAnswer) : null;
}
