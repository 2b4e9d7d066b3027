import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "~/i18n/react";
import { communeLabel, filterCommunes, type CommuneChoice, type DeliveryType } from "~/lib/delivery-options";
import { formatDeliveryFee } from "~/lib/money";
import { isLanguage } from "~/i18n/config";
import type { StopDeskChoice } from "~/lib/courier-places";
import type { WilayaChoice } from "~/lib/wilaya-search";
import { StopDeskSelect } from "./StopDeskSelect";
import { useAnnouncedValue } from "./useAnnouncedValue";
import { useHydrated } from "./useHydrated";

const cache = new Map<string, Promise<CommuneChoice[]>>();

/** GET /api/delivery/:wilayaCode/communes, once per wilaya and page visit. */
function fetchCommunes(wilayaCode: string): Promise<CommuneChoice[]> {
  let pending = cache.get(wilayaCode);
  if (!pending) {
    pending = fetch(`/api/delivery/${encodeURIComponent(wilayaCode)}/communes`, { headers: { Accept: "application/json" } })
      .then((response) => {
        if (!response.ok) throw new Error(`GET communes answered ${response.status}`);
        return response.json() as Promise<CommuneChoice[]>;
      })
      .catch((error: unknown) => {
        cache.delete(wilayaCode); // the next choice tries again
        throw error;
      });
    cache.set(wilayaCode, pending);
  }
  return pending;
}

/** The communes of the chosen wilaya: the server's list first (no-JS), then fetched when the wilaya changes. */
function useCommunes(wilayaCode: string | undefined, initial: { wilaya: string; communes: CommuneChoice[] } | undefined) {
  const hydrated = useHydrated();
  const fromServer = initial && initial.wilaya === wilayaCode ? initial.communes : null;
  const [state, setState] = useState<{ wilaya: string; communes: CommuneChoice[] | "error" } | null>(null);
  useEffect(() => {
    if (!hydrated || !wilayaCode || fromServer) return;
    let live = true;
    fetchCommunes(wilayaCode).then(
      (communes) => live && setState({ wilaya: wilayaCode, communes }),
      () => live && setState({ wilaya: wilayaCode, communes: "error" }),
    );
    return () => {
      live = false;
    };
  }, [hydrated, wilayaCode, fromServer]);
  if (!wilayaCode) return null;
  if (fromServer) return fromServer;
  return state?.wilaya === wilayaCode ? state.communes : "loading";
}

const field =
  "w-full rounded-lg border bg-white px-3 py-2.5 text-base text-stone-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30";

/**
 * After the wilaya: a searchable commune choice (Arabic and French names; a plain <select>
 * posted as `commune`, filled by the server without JavaScript once the wilaya is known) and,
 * where the wilaya has a stop-desk, the home / stop-desk choice (posted as `deliveryType`), then
 * the default courier's stop-desks there when it has some (StopDeskSelect).
 */
export function DeliveryOptions({
  wilaya,
  deliveryType,
  onDeliveryTypeChange,
  serverCommunes,
  defaultCommune,
  defaultStopDesk,
  serverStopDesks,
  errors = {},
}: {
  wilaya: WilayaChoice | undefined;
  deliveryType: DeliveryType;
  onDeliveryTypeChange(type: DeliveryType): void;
  /** The communes the server sent for a wilaya (after a refused plain post). */
  serverCommunes?: { wilaya: string; communes: CommuneChoice[] };
  defaultCommune?: string;
  defaultStopDesk?: string;
  /** The stop-desks the server sent for the wilaya (after a refused or quoted plain post). */
  serverStopDesks?: StopDeskChoice[];
  errors?: Record<string, string>;
}) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : "ar";
  const hydrated = useHydrated();
  const id = useId();
  const selectId = `${id}-commune`;
  const communes = useCommunes(wilaya?.code, serverCommunes);
  const list = useMemo(() => (Array.isArray(communes) ? communes : []), [communes]);
  const [query, setQuery] = useState("");
  const [commune, setCommune] = useState(defaultCommune ?? "");
  const communeRef = useRef<HTMLSelectElement>(null);
  useAnnouncedValue(communeRef, commune);

  // Another wilaya: its communes, a fresh search and no commune chosen yet.
  const [shownFor, setShownFor] = useState(wilaya?.code);
  if (shownFor !== wilaya?.code) {
    setShownFor(wilaya?.code);
    setQuery("");
    setCommune("");
  }

  const matches = useMemo(() => filterCommunes(list, query), [list, query]);
  const options = useMemo(() => {
    const chosen = list.find((c) => c.code === commune);
    return chosen && !matches.includes(chosen) ? [chosen, ...matches] : matches;
  }, [list, matches, commune]);

  function search(text: string) {
    setQuery(text);
    const found = filterCommunes(list, text);
    if (text.trim() !== "" && found.length === 1) setCommune(found[0]!.code);
  }

  function onSearchKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter") {
      event.preventDefault();
      if (matches[0]) setCommune(matches[0].code);
    } else if (event.key === "ArrowDown") {
      event.preventDefault();
      document.getElementById(selectId)?.focus();
    }
  }

  const stopDesk = wilaya?.stopDeskPrice ?? null;
  const communeError = errors.commune;
  const typeError = errors.deliveryType;

  return (
    <>
      {wilaya && (hydrated || list.length > 0) ? (
        <div className="flex flex-col gap-1.5" data-testid="commune-select">
          <label htmlFor={selectId} className="text-sm font-semibold text-stone-800">
            {t("shopDelivery.commune")}
          </label>
          {hydrated && list.length > 0 && (
            <>
              <input
                type="search"
                value={query}
                onChange={(event) => search(event.target.value)}
                onKeyDown={onSearchKey}
                placeholder={t("shopDelivery.communeSearchPlaceholder")}
                aria-label={t("shopDelivery.communeSearch")}
                aria-controls={selectId}
                autoComplete="off"
                enterKeyHint="search"
                className={`${field} border-stone-300`}
                data-testid="commune-search"
              />
              <span className="sr-only" aria-live="polite">
                {query.trim() ? t("shopDelivery.communeMatches", { count: matches.length }) : ""}
              </span>
            </>
          )}
          <select
            ref={communeRef}
            id={selectId}
            name="commune"
            value={commune}
            onChange={(event) => setCommune(event.target.value)}
            disabled={list.length === 0}
            aria-invalid={communeError ? true : undefined}
            aria-describedby={communeError ? `${selectId}-error` : undefined}
            className={`${field} ${communeError ? "border-red-600" : "border-stone-300"}`}
          >
            <option value="">
              {communes === "loading"
                ? t("shopDelivery.communesLoading")
                : communes === "error"
                  ? t("shopDelivery.communesError")
                  : query.trim() && matches.length === 0
                    ? t("shopDelivery.communeMatches", { count: 0 })
                    : t("shopDelivery.chooseCommune")}
            </option>
            {options.map((c) => (
              <option key={c.code} value={c.code}>
                {communeLabel(c, language)}
              </option>
            ))}
          </select>
          {communeError && (
            <p id={`${selectId}-error`} className="text-sm text-red-700">
              {communeError}
            </p>
          )}
        </div>
      ) : null}
      {wilaya && stopDesk !== null ? (
        <fieldset className="flex flex-col gap-1.5" data-testid="delivery-type">
          <legend className="mb-1.5 text-sm font-semibold text-stone-800">{t("shopDelivery.deliveryType")}</legend>
          {(
            [
              ["home", t("shopDelivery.home"), wilaya.homePrice],
              ["stop_desk", t("shopDelivery.stopDesk"), stopDesk],
            ] as const
          ).map(([value, label, price]) => (
            <label
              key={value}
              className="flex items-center gap-2 rounded-lg border border-stone-300 bg-white px-3 py-2.5 has-checked:border-brand-600"
            >
              <input
                type="radio"
                name="deliveryType"
                value={value}
                checked={deliveryType === value}
                onChange={() => onDeliveryTypeChange(value)}
                className="size-4 accent-brand-700"
                data-testid={`delivery-type-${value}`}
              />
              <span className="me-auto">{label}</span>
              <span className="text-sm font-semibold tabular-nums">{formatDeliveryFee(price, language, t("common.free"))}</span>
            </label>
          ))}
          {typeError && <p className="text-sm text-red-700">{typeError}</p>}
        </fieldset>
      ) : typeError ? (
        <p className="text-sm text-red-700">{typeError}</p>
      ) : null}
      {wilaya && stopDesk !== null && deliveryType === "stop_desk" ? (
        <StopDeskSelect wilaya={wilaya.code} commune={commune} fromServer={serverStopDesks} error={errors.stopDesk} defaultValue={defaultStopDesk} />
      ) : null}
    </>
  );
}
