import { useCallback, useRef, useState } from "react";
import type { OrderCreated, OrderError, OrderRequestBody, OrderSource } from "~/lib/order-request";
import { trackPixel } from "~/lib/pixel";

export type SubmissionState = "idle" | "submitting" | "success" | "error";

/** Where the referral code of a tracked link is kept for the visit (spec 4, "Referral"). */
export const TRACKING_REF_KEY = "tracking-ref";

/** The error of a failed request that got no answer from the shop (offline, timeout). */
const NETWORK_ERROR: OrderError = { code: "network", message: "", fields: {} };

function storedRef(): string | undefined {
  try {
    return window.sessionStorage.getItem(TRACKING_REF_KEY)?.trim() || undefined;
  } catch {
    return undefined;
  }
}

/** A fresh key per attempt: a retry after a lost answer is a new attempt, a double click is not sent twice. */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // Plain-HTTP pages outside localhost have no randomUUID; getRandomValues is always there.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function isOrderCreated(value: unknown): value is OrderCreated {
  return typeof value === "object" && value !== null && typeof (value as OrderCreated).orderNumber === "string";
}

function orderErrorOf(value: unknown): OrderError {
  const error = (value as { error?: Partial<OrderError> } | null)?.error;
  if (!error || typeof error !== "object") return NETWORK_ERROR;
  return {
    code: typeof error.code === "string" ? error.code : "unknown",
    message: typeof error.message === "string" ? error.message : "",
    fields: error.fields && typeof error.fields === "object" ? error.fields : {},
  };
}

/**
 * Sends an order of one form to POST /api/orders: idle → submitting → success or error
 * (reset to idle at the start of each submit). Adds the visit's tracking ref when there is
 * one, and tells the Meta Pixel (Lead and Purchase, in DZD) when the shop accepts the order.
 */
export function useOrderSubmission(source: OrderSource) {
  const [state, setState] = useState<SubmissionState>("idle");
  const [error, setError] = useState<OrderError | null>(null);
  const [order, setOrder] = useState<OrderCreated | null>(null);
  const sending = useRef(false);

  const reset = useCallback(() => {
    setState("idle");
    setError(null);
    setOrder(null);
  }, []);

  const submit = useCallback(
    async (body: Omit<OrderRequestBody, "source">): Promise<boolean> => {
      if (sending.current) return false;
      sending.current = true;
      reset();
      setState("submitting");
      const ref = body.ref ?? storedRef();
      const payload: OrderRequestBody = { ...body, source, ...(ref ? { ref } : {}) };
      try {
        const response = await fetch("/api/orders", {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json", "Idempotency-Key": newIdempotencyKey() },
          body: JSON.stringify(payload),
        });
        const answer: unknown = await response.json().catch(() => null);
        if (response.ok && isOrderCreated(answer)) {
          setOrder(answer);
          setState("success");
          const params = {
            content_ids: payload.items.map((item) => item.productId),
            contents: payload.items.map((item) => ({ id: item.productId, quantity: item.quantity })),
            content_type: "product" as const,
            num_items: payload.items.reduce((sum, item) => sum + item.quantity, 0),
            value: answer.total,
            currency: "DZD" as const,
          };
          trackPixel("Lead", params);
          trackPixel("Purchase", params);
          return true;
        }
        setError(orderErrorOf(answer));
        setState("error");
        return false;
      } catch {
        setError(NETWORK_ERROR);
        setState("error");
        return false;
      } finally {
        sending.current = false;
      }
    },
    [source, reset],
  );

  return { state, error, order, submit, reset };
}

/** The customer part of an order body read from a form's named inputs. */
export function customerFromForm(form: FormData): OrderRequestBody["customer"] & { website?: string } {
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value : "";
  };
  const customer: OrderRequestBody["customer"] = {
    firstName: text("firstName"),
    lastName: text("lastName"),
    phone: text("phone"),
    wilayaCode: text("wilaya"),
  };
  if (text("address").trim()) customer.address = text("address");
  if (text("commune").trim()) customer.communeCode = text("commune");
  return customer;
}

/** The honeypot's value, when a bot filled it. */
export function honeypotFromForm(form: FormData): string | undefined {
  const value = form.get("website");
  return typeof value === "string" && value !== "" ? value : undefined;
}
