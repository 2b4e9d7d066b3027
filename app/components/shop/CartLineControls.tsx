import type { FormEvent } from "react";
import { useTranslation } from "~/i18n/react";
import { MAX_LINE_QUANTITY } from "~/lib/cart";

/** The quantity a − or + button asked for: the value of the button that submitted the form. */
function submittedQuantity(event: FormEvent<HTMLFormElement>): number | null {
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  if (!(submitter instanceof HTMLButtonElement)) return null;
  const quantity = Number(submitter.value);
  return Number.isFinite(quantity) ? quantity : null;
}

/** Tap targets of at least 44×44 px (size-11), the size a finger hits reliably. */
const stepButton =
  "flex size-11 items-center justify-center text-lg font-bold text-stone-700 hover:bg-stone-100 disabled:cursor-not-allowed disabled:text-stone-300";

/**
 * − quantity +. A form posting to /cart (intent=set) so it works without JavaScript; with
 * it, `onChange` gets the new quantity (one less or one more; 0 removes the line). At the stock
 * the shop shows (`stock`), + is off and a note names the product and how many are left, so the
 * shopper learns it while choosing rather than at checkout.
 */
export function QuantityStepper({
  productId,
  variantId,
  title,
  quantity,
  max = MAX_LINE_QUANTITY,
  stock,
  onChange,
}: {
  productId: string;
  /** The line's variant (a product with options): the post names it. */
  variantId?: number | undefined;
  title: string;
  quantity: number;
  /** The most that can be asked (the stock, capped at 99). */
  max?: number;
  /** The stock the shop shows, when known: reaching it shows the note. */
  stock?: number;
  onChange?(quantity: number): void;
}) {
  const { t } = useTranslation();
  const atStock = stock !== undefined && quantity === stock;
  return (
    <div className="flex flex-col gap-1">
      <form
        method="post"
        action="/cart"
        onSubmit={(event) => {
          if (!onChange) return;
          event.preventDefault();
          const next = submittedQuantity(event);
          if (next !== null) onChange(next);
        }}
        className="inline-flex items-center overflow-hidden rounded-lg bg-white ring-1 ring-stone-300"
      >
        <input type="hidden" name="intent" value="set" />
        <input type="hidden" name="productId" value={productId} />
        {variantId !== undefined && <input type="hidden" name="variant" value={variantId} />}
        <button
          type="submit"
          name="quantity"
          value={quantity - 1}
          aria-label={t("cart.line.decrease", { title })}
          className={stepButton}
          data-testid="line-decrease"
        >
          <span aria-hidden="true">−</span>
        </button>
        <output
          aria-label={t("cart.line.quantityOf", { title })}
          aria-live="polite"
          className="min-w-8 text-center font-semibold tabular-nums"
          data-testid="line-quantity"
        >
          {quantity}
        </output>
        <button
          type="submit"
          name="quantity"
          value={quantity + 1}
          disabled={quantity >= Math.min(max, stock ?? MAX_LINE_QUANTITY, MAX_LINE_QUANTITY)}
          aria-label={t("cart.line.increase", { title })}
          className={stepButton}
          data-testid="line-increase"
        >
          <span aria-hidden="true">+</span>
        </button>
      </form>
      <p role="status" aria-live="polite" className={atStock ? "text-xs text-amber-800" : "sr-only"} data-testid="line-stock-note">
        {atStock ? t("orders.fields.stock_left", { count: stock, title }) : ""}
      </p>
    </div>
  );
}

/** Removes a line: a form posting to /cart (intent=remove); with JavaScript, `onRemove`. */
export function RemoveLineButton({
  productId,
  variantId,
  title,
  onRemove,
}: {
  productId: string;
  variantId?: number | undefined;
  title: string;
  onRemove?(): void;
}) {
  const { t } = useTranslation();
  return (
    <form
      method="post"
      action="/cart"
      onSubmit={(event) => {
        if (!onRemove) return;
        event.preventDefault();
        onRemove();
      }}
    >
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="productId" value={productId} />
      {variantId !== undefined && <input type="hidden" name="variant" value={variantId} />}
      <button
        type="submit"
        aria-label={t("cart.line.removeLabel", { title })}
        className="-ms-1 inline-flex min-h-11 min-w-11 items-center justify-center px-1 text-sm text-red-700 underline-offset-2 hover:underline"
        data-testid="line-remove"
      >
        {t("cart.line.remove")}
      </button>
    </form>
  );
}

/** A line's picture: the given URL, or a grey square saying there is none. */
export function LineThumbnail({ src, className = "size-16" }: { src: string; className?: string }) {
  const { t } = useTranslation();
  return src ? (
    <img
      src={src}
      alt=""
      width={64}
      height={64}
      loading="lazy"
      decoding="async"
      className={`${className} shrink-0 rounded-lg bg-stone-100 object-cover`}
    />
  ) : (
    <div
      className={`${className} flex shrink-0 items-center justify-center rounded-lg bg-stone-100 p-1 text-center text-[10px] leading-tight text-stone-400`}
    >
      {t("cart.line.noImage")}
    </div>
  );
}
