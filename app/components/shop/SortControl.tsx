import { useTranslation } from "~/i18n/react";
import { Form, useSubmit } from "react-router";
import { PRODUCT_SORTS, type SearchSort } from "~/lib/listing";

const labelKeys = {
  newest: "catalog.sort.newest",
  "price-asc": "catalog.sort.priceAsc",
  "price-desc": "catalog.sort.priceDesc",
  relevance: "search.sort.relevance",
} as const satisfies Record<SearchSort, string>;

/**
 * A GET form that re-sorts the listing (back to page 1). With JavaScript the
 * choice applies at once; without it, the submit button does it.
 */
export function SortControl({
  value,
  hidden = {},
  options = PRODUCT_SORTS,
}: {
  value: SearchSort;
  hidden?: Record<string, string>;
  /** The sorts offered, in order (search adds relevance). */
  options?: readonly SearchSort[];
}) {
  const { t } = useTranslation();
  const submit = useSubmit();
  return (
    <Form method="get" className="flex items-center gap-2" onChange={(event) => submit(event.currentTarget)} data-testid="sort-form">
      {Object.entries(hidden).map(([name, v]) => (
        <input key={name} type="hidden" name={name} value={v} />
      ))}
      <label htmlFor="sort" className="text-sm text-stone-600">
        {t("catalog.sort.label")}
      </label>
      <select id="sort" name="sort" defaultValue={value} className="rounded-lg border border-stone-300 bg-white px-2 py-1.5 text-sm">
        {options.map((option) => (
          <option key={option} value={option}>
            {t(labelKeys[option])}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="rounded-lg bg-brand-700 px-3 py-1.5 text-sm text-white">
          {t("catalog.sort.apply")}
        </button>
      </noscript>
    </Form>
  );
}
