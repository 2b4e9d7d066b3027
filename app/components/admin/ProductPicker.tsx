import { useEffect, useId, useRef, useState, type ChangeEvent, type KeyboardEvent } from "react";
import { useTranslation } from "~/i18n/react";
import { useFetcher } from "react-router";
import { Price } from "~/components/ui/Price";
import { ResponsiveImage } from "~/components/ui/ResponsiveImage";
import { MERCH_LIMITS, moveInList, variantFieldName, type PickerProduct } from "~/lib/merchandising";
import { SEARCH_QUERY_MAX_LENGTH } from "~/lib/search-text";

/** What GET /admin/picker-products answers. */
export interface PickerSearchAnswer {
  products: PickerProduct[];
}

/** Milliseconds of quiet typing before the search runs. */
const SEARCH_DEBOUNCE_MS = 250;

export function pickerSearchUrl(q: string, availableOnly: boolean): string {
  return `/admin/picker-products?${new URLSearchParams({ q, available: availableOnly ? "1" : "0" })}`;
}

const iconButton =
  "inline-flex size-10 shrink-0 items-center justify-center rounded-lg border border-stone-300 bg-white text-sm hover:bg-stone-100 disabled:opacity-40";

function Thumbnail({ product }: { product: PickerProduct }) {
  return (
    <div className="size-12 shrink-0 overflow-hidden rounded-md bg-stone-100">
      {product.image ? <ResponsiveImage image={{ ...product.image, alt: "" }} sizes="48px" className="size-full object-contain" /> : null}
    </div>
  );
}

export function SearchResults({
  answer,
  loading,
  selectedIds,
  onAdd,
  full,
}: {
  answer: PickerSearchAnswer | undefined;
  loading: boolean;
  selectedIds: Set<string>;
  onAdd: (product: PickerProduct) => void;
  full: boolean;
}) {
  const { t } = useTranslation();
  const products = answer?.products ?? [];
  return (
    <div aria-busy={loading}>
      <p role="status" className={loading || (answer && products.length === 0) ? "py-2 text-sm text-stone-600" : "sr-only"}>
        {loading ? t("adminMerchandising.picker.loading") : answer && products.length === 0 ? t("adminMerchandising.picker.noResults") : ""}
      </p>
      {products.length > 0 ? (
        <ul
          className="max-h-72 divide-y divide-stone-100 overflow-y-auto rounded-lg border border-stone-200"
          aria-label={t("adminMerchandising.picker.results")}
        >
          {products.map((product) => {
            const added = selectedIds.has(product.id);
            return (
              <li key={product.id} className="flex items-center gap-3 p-2" data-testid="picker-result" data-product-id={product.id}>
                <Thumbnail product={product} />
                <div className="min-w-0 flex-1">
                  <p className="line-clamp-2 text-sm font-medium break-words text-stone-900">{product.title}</p>
                  <div className="flex flex-wrap items-center gap-2 text-sm">
                    <Price price={product.price} />
                    {product.available ? null : <span className="text-xs text-red-700">{t("adminMerchandising.picker.outOfStock")}</span>}
                  </div>
                </div>
                <button
                  type="button"
                  onClick={() => onAdd(product)}
                  disabled={added || full}
                  className="h-10 shrink-0 rounded-lg border border-brand-300 bg-brand-50 px-3 text-sm font-medium text-brand-800 hover:bg-brand-100 disabled:border-stone-200 disabled:bg-stone-50 disabled:text-stone-500"
                  aria-label={added ? undefined : t("adminMerchandising.picker.addLabel", { title: product.title })}
                  data-testid="picker-add"
                >
                  {added ? t("adminMerchandising.picker.added") : t("adminMerchandising.picker.add")}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}

function SelectedItem({
  product,
  index,
  last,
  name,
  onMove,
  onRemove,
  onVariant,
}: {
  product: PickerProduct;
  index: number;
  last: boolean;
  name: string;
  onMove: (index: number, direction: "up" | "down") => void;
  onRemove: (index: number) => void;
  onVariant: (index: number, variantId: number | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const title = product.title;
  const variants = product.variants ?? [];
  return (
    <li className="flex items-center gap-2 p-2" data-testid="picker-selected-item" data-product-id={product.id}>
      <input type="hidden" name={name} value={product.id} />
      <span className="w-6 shrink-0 text-center text-sm text-stone-500 tabular-nums">{index + 1}</span>
      <Thumbnail product={product} />
      <div className="min-w-0 flex-1">
        <p className="line-clamp-2 text-sm font-medium break-words text-stone-900">{title}</p>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Price price={product.price} />
          {product.available ? null : <span className="text-xs text-red-700">{t("adminMerchandising.picker.outOfStock")}</span>}
        </div>
        {variants.length > 0 ? (
          // The card opens the product page with this variant chosen; "" leaves the choice to the shopper.
          <select
            name={variantFieldName(product.id)}
            value={product.variantId ?? ""}
            onChange={(event) => onVariant(index, event.currentTarget.value === "" ? null : Number(event.currentTarget.value))}
            aria-label={t("adminMerchandising.picker.variantLabel", { title })}
            className="mt-1 h-10 max-w-full rounded-lg border border-stone-300 bg-white px-2 text-sm"
            data-testid="picker-variant"
          >
            <option value="">{t("adminMerchandising.picker.anyVariant")}</option>
            {variants.map((variant) => (
              <option key={variant.id} value={variant.id}>
                {variant.labels[i18n.language]}
              </option>
            ))}
          </select>
        ) : null}
      </div>
      <div className="flex shrink-0 gap-1">
        <button
          type="button"
          className={iconButton}
          disabled={index === 0}
          onClick={() => onMove(index, "up")}
          aria-label={t("adminMerchandising.picker.moveUp", { title })}
          title={t("adminMerchandising.picker.moveUp", { title })}
          data-testid="picker-move-up"
        >
          <span aria-hidden="true">↑</span>
        </button>
        <button
          type="button"
          className={iconButton}
          disabled={last}
          onClick={() => onMove(index, "down")}
          aria-label={t("adminMerchandising.picker.moveDown", { title })}
          title={t("adminMerchandising.picker.moveDown", { title })}
          data-testid="picker-move-down"
        >
          <span aria-hidden="true">↓</span>
        </button>
        <button
          type="button"
          className={`${iconButton} text-red-700`}
          onClick={() => onRemove(index)}
          aria-label={t("adminMerchandising.picker.remove", { title })}
          title={t("adminMerchandising.picker.remove", { title })}
          data-testid="picker-remove"
        >
          <span aria-hidden="true">✕</span>
        </button>
      </div>
    </li>
  );
}

/**
 * Chooses products, in order, for a collection, a page or a section. The selection is posted as
 * hidden inputs `name` (productIds), one per product in order, rendered on the server too, so a
 * form without JavaScript keeps it; a product with variants has a select of the variant its card
 * opens with (variantFieldName). Search (debounced) asks /admin/picker-products; collections
 * search in-stock products only. Key the picker by the visit to start afresh after a post.
 */
export function ProductPicker({
  initial,
  availableOnly,
  name = "productIds",
  required = false,
  invalid = false,
  hint,
}: {
  initial: PickerProduct[];
  availableOnly: boolean;
  name?: string;
  required?: boolean;
  invalid?: boolean;
  hint?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const fetcher = useFetcher<PickerSearchAnswer>();
  const [selected, setSelected] = useState<PickerProduct[]>(initial);
  const [query, setQuery] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const load = useRef(fetcher.load);
  load.current = fetcher.load;

  // The newest products, once the page is interactive (nothing to search without JavaScript).
  useEffect(() => {
    void load.current(pickerSearchUrl("", availableOnly));
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [availableOnly]);

  function search(q: string, delay: number) {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void load.current(pickerSearchUrl(q.trim(), availableOnly)), delay);
  }

  function onQuery(event: ChangeEvent<HTMLInputElement>) {
    setQuery(event.currentTarget.value);
    search(event.currentTarget.value, SEARCH_DEBOUNCE_MS);
  }

  // Enter searches at once instead of submitting the surrounding form.
  function onQueryKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Enter") return;
    event.preventDefault();
    search(query, 0);
  }

  const selectedIds = new Set(selected.map((product) => product.id));
  // A refusal for "no product" stops marking the picker once one is chosen.
  const marked = invalid && selected.length === 0;
  const full = selected.length >= MERCH_LIMITS.products;
  const add = (product: PickerProduct) =>
    setSelected((list) => (list.some((item) => item.id === product.id) || list.length >= MERCH_LIMITS.products ? list : [...list, product]));
  const move = (index: number, direction: "up" | "down") => setSelected((list) => moveInList(list, index, direction));
  const remove = (index: number) => setSelected((list) => list.filter((_, position) => position !== index));
  const chooseVariant = (index: number, variantId: number | null) =>
    setSelected((list) => list.map((item, position) => (position === index ? { ...item, variantId } : item)));

  return (
    <fieldset
      className={`space-y-3 rounded-xl border bg-white p-4 ${marked ? "border-red-400" : "border-stone-200"}`}
      aria-invalid={marked || undefined}
      aria-describedby={hint ? `${id}-hint` : undefined}
      data-testid="product-picker"
    >
      <legend className="px-1 text-sm font-medium text-stone-800">
        {t("adminMerchandising.picker.label")}
        {required ? (
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </legend>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-stone-500">
          {hint}
        </p>
      ) : null}

      <div>
        <label htmlFor={`${id}-search`} className="block text-sm font-medium text-stone-700">
          {t("adminMerchandising.picker.search")}
        </label>
        <input
          id={`${id}-search`}
          type="search"
          value={query}
          onChange={onQuery}
          onKeyDown={onQueryKey}
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          placeholder={t("adminMerchandising.picker.searchPlaceholder")}
          autoComplete="off"
          className="mt-1 block h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-base focus:border-brand-700 focus:outline-none"
          data-testid="picker-search"
        />
        {availableOnly ? <p className="mt-1 text-xs text-stone-500">{t("adminMerchandising.picker.availableOnly")}</p> : null}
        <noscript>
          <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{t("adminMerchandising.picker.noScript")}</p>
        </noscript>
      </div>

      <SearchResults answer={fetcher.data} loading={fetcher.state === "loading"} selectedIds={selectedIds} onAdd={add} full={full} />

      <div>
        <div className="flex items-center justify-between gap-2">
          <h3 className="text-sm font-semibold text-stone-800">{t("adminMerchandising.picker.selected")}</h3>
          <p className="text-sm text-stone-600" aria-live="polite" data-testid="picker-count">
            {t("adminMerchandising.picker.count", { count: selected.length })}
          </p>
        </div>
        {selected.length === 0 ? (
          <p className="mt-2 rounded-lg bg-stone-50 p-3 text-sm text-stone-600">{t("adminMerchandising.picker.empty")}</p>
        ) : (
          <ol className="mt-2 divide-y divide-stone-100 rounded-lg border border-stone-200">
            {selected.map((product, index) => (
              <SelectedItem
                key={product.id}
                product={product}
                index={index}
                last={index === selected.length - 1}
                name={name}
                onMove={move}
                onRemove={remove}
                onVariant={chooseVariant}
              />
            ))}
          </ol>
        )}
      </div>
    </fieldset>
  );
}
