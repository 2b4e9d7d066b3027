import { Fragment, useEffect, useEffectEvent, useState } from "react";
import { useFetcher } from "react-router";
import { useForm } from "@conform-to/react";
import type { $ZodType } from "zod/v4/core";
import { useTranslation } from "~/i18n/react";
import type { TFunction } from "i18next";
import {
  ORDER_KEY_FIELD,
  orderFormMessages,
  parseForm,
  SCRIPTED_FIELD,
  type FormAnswer,
  type FormMessages,
  type OrderFormAnswer,
} from "~/lib/order-form";
import type { OrderCreated } from "~/lib/order-request";
import { pixelContentId, trackPixel } from "~/lib/pixel";
import type { DraftOrigin } from "./draftCapture";
import { useHydrated } from "./useHydrated";

/**
 * One order form (docs/decisions/0025-one-order-path-with-conform.md): a fetcher form posting to
 * its route action, checked first in the browser by the form's schema (Conform, the same parse as
 * the action's), with the fields' errors and the form's message from the last check or answer. Without JavaScript the
 * same form is a plain POST to the same action, whose refusal comes back as `posted` (the route's
 * actionData) and whose success is a redirect (303) to the order's confirmation page.
 */
export function useOrderForm<Schema extends $ZodType, Answer extends FormAnswer = OrderFormAnswer>({
  schema,
  posted,
  messages = orderFormMessages,
  draft,
}: {
  schema: Schema;
  /** The answer of a refused plain post, shown until the form is sent with JavaScript. */
  posted?: Answer | null;
  /** The texts of the refusals (default: the order forms'). */
  messages?: (t: TFunction) => FormMessages;
  /** An order form's origin: its content is saved as a draft once the phone is valid (draftCapture). */
  draft?: DraftOrigin;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const data = fetcher.data as Answer | undefined;
  // The fetcher's answer until the form starts over (dismiss).
  const [dismissed, setDismissed] = useState<Answer | undefined>(undefined);
  const answer = data !== undefined && data !== dismissed ? data : undefined;
  const lastResult = data === undefined ? posted?.result : answer?.result;
  const [form] = useForm({
    lastResult,
    onValidate: ({ formData }) => parseForm(formData, schema, messages(t)),
    shouldValidate: "onSubmit",
  });
  // Once refused, the form checks its fields again at every change of one (typed, picked, or
  // chosen by a search: useAnnouncedValue), so each error and the banner go as soon as fixed.
  const [refused, setRefused] = useState(false);
  if (form.status === "error" && !refused) setRefused(true);
  const recheck = useEffectEvent((event: Event) => {
    if (event.target instanceof HTMLElement && event.target.getAttribute("name")) form.validate();
  });
  useEffect(() => {
    const element = refused ? document.getElementById(form.id) : null;
    if (!element) return;
    element.addEventListener("input", recheck);
    return () => element.removeEventListener("input", recheck);
  }, [refused, form.id]);
  // The capture code loads at the first keystroke in the phone field, never with the page.
  const capture = useEffectEvent((event: Event) => {
    const element = event.currentTarget as HTMLFormElement;
    if (draft && (event.target as HTMLInputElement).name === "phone") void import("./draftCapture").then((m) => m.captureDrafts(element, draft));
  });
  useEffect(() => {
    const element = document.getElementById(form.id);
    element?.addEventListener("input", capture);
    return () => element?.removeEventListener("input", capture);
  }, [form.id]);
  const errors: Record<string, string> = {};
  for (const [name, list] of Object.entries(form.allErrors)) if (name !== "" && list[0]) errors[name] = list[0];
  const defaults: Record<string, string> = {};
  for (const [name, value] of Object.entries((form.initialValue ?? {}) as Record<string, unknown>)) {
    if (typeof value === "string") defaults[name] = value;
  }
  const message = form.errors?.[0];
  const failed = refused && (message !== undefined || Object.keys(errors).length > 0);
  return {
    fetcher,
    form,
    /** The fetcher's last answer (until dismissed). */
    answer,
    /** The refused fields' texts, by field name (first error of each). */
    errors,
    /** What was typed in a refused plain post, by field name. */
    defaults,
    /** Refused (by the schema in the browser, or by the shop); `message` is the form's own text, when it has one. */
    failed,
    /** Refused for fields the form shows (each with its text): the banner asks to correct them, it is no failure. */
    invalid: failed && Object.keys(errors).some((name) => !name.startsWith("items")),
    message,
    /** The order the last post placed (with JavaScript; a plain post is redirected instead). */
    order: (answer as OrderFormAnswer | undefined)?.order ?? null,
    /** That order's confirmation, shown in place of the form until dismissed. */
    confirmation: (answer as OrderFormAnswer | undefined)?.confirmation ?? null,
    /** The communes the server sent for the typed wilaya (the product form shown again without JavaScript). */
    communes: ((answer ?? (data === undefined ? posted : undefined)) as OrderFormAnswer | undefined)?.communes,
    /** The default courier's stop-desks the server sent for the typed wilaya (the form shown again without JavaScript). */
    stopDesks: ((answer ?? (data === undefined ? posted : undefined)) as OrderFormAnswer | undefined)?.stopDesks,
    submitting: fetcher.state !== "idle",
    /** Forgets the last answer: the form starts over. */
    dismiss: () => {
      setDismissed(data);
      setRefused(false);
    },
  };
}

/** A fresh key per attempt: a retry after a lost answer is a new attempt, a double click is not sent twice. */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // Plain-HTTP pages outside localhost have no randomUUID; getRandomValues is always there.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The client's Idempotency-Key of an order form, a new one each time the form is idle again.
 * Rendered only once React runs in the browser: the server's HTML of a page the page cache
 * shares carries nothing per visitor (docs/decisions/0022, 0023), and a post without it is
 * a plain post whose duplicate key the server derives.
 */
export function OrderKeyInput({ state }: { state: "idle" | "submitting" | "loading" }) {
  const [key, setKey] = useState<string | null>(null);
  useEffect(() => {
    if (state === "idle") setKey(newIdempotencyKey());
  }, [state]);
  return key ? <input type="hidden" name={ORDER_KEY_FIELD} value={key} /> : null;
}

/** The order's lines as the schema reads them: `items[i].productId` and `items[i].quantity`. */
export function OrderLinesInputs({ lines }: { lines: readonly { productId: string; quantity: number; variantId?: number | undefined }[] }) {
  return lines.map((line, index) => (
    <Fragment key={`${line.productId}.${line.variantId ?? ""}`}>
      <input type="hidden" name={`items[${index}].productId`} value={line.productId} />
      <input type="hidden" name={`items[${index}].quantity`} value={line.quantity} />
      {line.variantId !== undefined && <input type="hidden" name={`items[${index}].variantId`} value={line.variantId} />}
    </Fragment>
  ));
}

/** Tells the Meta Pixel about an order the shop accepted (Lead and Purchase, in DZD); a variant by its SKU. */
export function trackOrderPlaced(items: { productId: string; quantity: number; sku?: string | undefined }[], order: OrderCreated): void {
  const params = {
    content_ids: items.map(pixelContentId),
    contents: items.map((item) => ({ id: pixelContentId(item), quantity: item.quantity })),
    content_type: "product" as const,
    num_items: items.reduce((sum, item) => sum + item.quantity, 0),
    value: order.total,
    currency: "DZD" as const,
  };
  trackPixel("Lead", params);
  trackPixel("Purchase", params);
}

/**
 * Marks a post as sent by the page's script (a fetcher), which wants the action's answer rather
 * than the redirect of a plain post; rendered only once React runs in the browser. (An order
 * form's key, OrderKeyInput, says the same.)
 */
export function ScriptedInput() {
  return useHydrated() ? <input type="hidden" name={SCRIPTED_FIELD} value="1" /> : null;
}
