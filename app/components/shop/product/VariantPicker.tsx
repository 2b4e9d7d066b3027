import { useTranslation } from "~/i18n/react";
import { useHydrated } from "~/components/shop/order/useHydrated";
import { searchWithChoice } from "~/lib/product";
import { variantView, type ChoosableProduct, type VariantView } from "~/lib/variant-view";
import { isValueAvailable, nameIn, selectionFromQuery, selectionQuery } from "~/lib/variants";

/**
 * A product's option pickers, one row of buttons per option (a round swatch for a colour value).
 * Each choosable value is a link to the page with that choice (`?variant=` once the choice names
 * a variant, else `?o<option>=<value>` pairs), so the pickers work without JavaScript; with it,
 * the link rewrites the address without a navigation (the page neither reloads nor scrolls) and
 * `onPick` receives what the page shows for the new choice. A value no active variant in stock has with the other chosen
 * values is drawn struck through and cannot be chosen. The product page loads this code after its
 * first paint (deferHydration): until then the links work as without JavaScript.
 */
export function VariantPicker({
  product,
  selection: pairs,
  onPick,
}: {
  product: ChoosableProduct;
  /** The choice so far: [option id, value id] pairs. */
  selection: [number, number][];
  onPick(view: VariantView): void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { options, variants } = product.variants;
  const selection = new Map(pairs);
  // Marks the pickers once they choose in place (before, their links navigate).
  const hydrated = useHydrated();
  return (
    <div className="mt-4 flex flex-col gap-4" data-testid="variant-picker" data-hydrated={hydrated ? "true" : undefined}>
      {options.map((option, optionIndex) => {
        const optionName = nameIn(option.names, language);
        const chosen = option.values.find((value) => selection.get(option.id) === value.id);
        return (
          <div key={option.id} role="group" aria-labelledby={`option-${option.id}`} data-testid="option-picker">
            <p id={`option-${option.id}`} className="mb-2 text-sm font-semibold text-stone-800">
              {optionName}
              {chosen && <span className="font-normal text-stone-600">: {nameIn(chosen.names, language)}</span>}
            </p>
            <ul className="flex flex-wrap gap-2">
              {option.values.map((value) => {
                const name = nameIn(value.names, language);
                const pressed = chosen?.id === value.id;
                const available = isValueAvailable(options, variants, selection, optionIndex, value.id);
                const look = value.swatch
                  ? `flex size-11 items-center justify-center rounded-full ring-2 ${pressed ? "ring-brand-700" : "ring-stone-200"}`
                  : `flex min-h-11 min-w-11 items-center justify-center rounded-lg px-3 text-sm font-semibold ring-1 ${
                      pressed ? "bg-brand-700 text-white ring-brand-700" : "bg-white text-stone-900 ring-stone-300"
                    }`;
                const face = value.swatch ? <Swatch colour={value.swatch} struck={!available} /> : name;
                if (!available && !pressed) {
                  return (
                    <li key={value.id}>
                      <button
                        type="button"
                        disabled
                        aria-pressed={false}
                        aria-label={t("catalog.product.unavailableValue", { value: name })}
                        title={t("catalog.product.unavailableValue", { value: name })}
                        className={`${look} cursor-not-allowed opacity-40 ${value.swatch ? "" : "line-through"}`}
                        data-testid="option-value"
                        data-unavailable=""
                      >
                        {face}
                      </button>
                    </li>
                  );
                }
                const query = selectionQuery(options, variants, selection, option.id, value.id);
                return (
                  <li key={value.id}>
                    <a
                      href={query}
                      role="button"
                      aria-pressed={pressed}
                      aria-label={available ? name : t("catalog.product.unavailableValue", { value: name })}
                      title={name}
                      rel="nofollow"
                      onClick={(event) => {
                        event.preventDefault();
                        const { pathname, search, hash } = window.location;
                        window.history.replaceState(window.history.state, "", `${pathname}${searchWithChoice(search, query)}${hash}`);
                        onPick(variantView(product, selectionFromQuery(options, variants, new URLSearchParams(query)), language));
                      }}
                      className={`${look} ${available ? "" : "line-through opacity-40"}`}
                      data-testid="option-value"
                      {...(available ? {} : { "data-unavailable": "" })}
                    >
                      {face}
                    </a>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </div>
  );
}

/**
 * A colour drawn as SVG: its fill is an attribute, not an inline style, which the shop's
 * Content-Security-Policy (style-src 'self') would block in the server's markup.
 */
function Swatch({ colour, struck }: { colour: string; struck: boolean }) {
  return (
    <svg viewBox="0 0 36 36" className="size-9" aria-hidden="true">
      <circle cx="18" cy="18" r="17" fill={colour} stroke="#d6d3d1" strokeWidth="1" />
      {struck && <line x1="6" y1="30" x2="30" y2="6" stroke="#44403c" strokeWidth="2.5" />}
    </svg>
  );
}
