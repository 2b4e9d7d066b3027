import { useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "~/i18n/react";
import { filterWilayas, wilayaLabel, type WilayaChoice } from "~/lib/wilaya-search";
import { useAnnouncedValue } from "./useAnnouncedValue";
import { useHydrated } from "./useHydrated";

export interface WilayaSelectProps {
  wilayas: WilayaChoice[];
  /** The chosen code. When given, the parent owns the choice (update it from onChange). */
  value?: string;
  /** The first choice when the parent does not own it (a form shown again after a refused post). */
  defaultValue?: string;
  onChange?(code: string | null): void;
  required?: boolean;
  /** The error text of the field, shown under it. */
  error?: string;
  /** The field name posted with the form (default `wilaya`). */
  name?: string;
  /** The label text (default: the translated "wilaya" label of the page's language). */
  label?: string;
}

/**
 * A searchable wilaya choice: a native <select> (posted as `wilaya`, usable without
 * JavaScript and with every screen reader and phone picker) with, once the page is
 * interactive, a search box above it that narrows the options by code, Arabic or
 * Latin name, tolerant of case, accents and Arabic letter variants. Typing until one
 * wilaya is left chooses it; Enter chooses the first match; ArrowDown moves to the list.
 */
export function WilayaSelect({ wilayas, value, defaultValue, onChange, required, error, name = "wilaya", label }: WilayaSelectProps) {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const id = useId();
  const selectId = `${id}-select`;
  const searchId = `${id}-search`;
  const errorId = `${id}-error`;
  const [own, setOwn] = useState(defaultValue ?? "");
  const [query, setQuery] = useState("");
  const selected = value ?? own;
  const selectRef = useRef<HTMLSelectElement>(null);
  useAnnouncedValue(selectRef, selected);

  const matches = useMemo(() => filterWilayas(wilayas, query), [wilayas, query]);
  // The chosen wilaya stays listed (so the select keeps showing it) even when the search hides it.
  const options = useMemo(() => {
    const chosen = wilayas.find((w) => w.code === selected);
    return chosen && !matches.includes(chosen) ? [chosen, ...matches] : matches;
  }, [wilayas, matches, selected]);

  function choose(code: string) {
    if (value === undefined) setOwn(code);
    onChange?.(code === "" ? null : code);
  }

  function search(text: string) {
    setQuery(text);
    const found = filterWilayas(wilayas, text);
    if (text.trim() !== "" && found.length === 1 && found[0]!.code !== selected) choose(found[0]!.code);
  }

  function onSearchKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter") {
      // Never submits the form from the search box: picks the first match instead.
      event.preventDefault();
      if (matches[0]) choose(matches[0].code);
    } else if (event.key === "ArrowDown") {
      event.preventDefault();
      document.getElementById(selectId)?.focus();
    }
  }

  const field =
    "w-full rounded-lg border bg-white px-3 py-2.5 text-base text-stone-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30";

  return (
    <div className="flex flex-col gap-1.5" data-testid="wilaya-select">
      <label htmlFor={selectId} className="text-sm font-semibold text-stone-800">
        {label ?? t("order.fields.wilaya")}
        {required && (
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </label>
      {hydrated && (
        <>
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => search(event.target.value)}
            onKeyDown={onSearchKey}
            placeholder={t("order.fields.wilayaSearchPlaceholder")}
            aria-label={t("order.fields.wilayaSearch")}
            aria-controls={selectId}
            aria-describedby={`${id}-count`}
            autoComplete="off"
            enterKeyHint="search"
            className={`${field} border-stone-300`}
            data-testid="wilaya-search"
          />
          <span id={`${id}-count`} className="sr-only" aria-live="polite">
            {query.trim() ? t("order.fields.wilayaMatches", { count: matches.length }) : ""}
          </span>
        </>
      )}
      <select
        ref={selectRef}
        id={selectId}
        name={name}
        required={required}
        value={selected}
        onChange={(event) => choose(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`${field} ${error ? "border-red-600" : "border-stone-300"}`}
      >
        <option value="">
          {query.trim() && matches.length === 0 ? t("order.fields.wilayaMatches", { count: 0 }) : t("order.fields.chooseWilaya")}
        </option>
        {options.map((wilaya) => (
          <option key={wilaya.code} value={wilaya.code}>
            {wilayaLabel(wilaya, i18n.language)}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
