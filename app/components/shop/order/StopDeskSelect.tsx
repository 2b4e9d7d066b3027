import { useEffect, useId, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { stopDesksForCommune, type StopDeskChoice } from "~/lib/courier-places";
import { useHydrated } from "./useHydrated";

const cache = new Map<string, Promise<StopDeskChoice[]>>();

/** GET /api/delivery/:wilayaCode/stop-desks, once per wilaya and page visit. */
function fetchStopDesks(wilayaCode: string): Promise<StopDeskChoice[]> {
  let pending = cache.get(wilayaCode);
  if (!pending) {
    pending = fetch(`/api/delivery/${encodeURIComponent(wilayaCode)}/stop-desks`, { headers: { Accept: "application/json" } })
      .then((response) => {
        if (!response.ok) throw new Error(`GET stop-desks answered ${response.status}`);
        return response.json() as Promise<StopDeskChoice[]>;
      })
      .catch((error: unknown) => {
        cache.delete(wilayaCode); // the next choice tries again
        throw error;
      });
    cache.set(wilayaCode, pending);
  }
  return pending;
}

const field =
  "w-full rounded-lg border bg-white px-3 py-2.5 text-base text-stone-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30";

/**
 * With a stop-desk delivery: the merchant's default courier's stop-desks in the wilaya, a
 * required choice posted as `stopDesk` (the desk in the shopper's commune first). Nothing where
 * the courier has none there (the form is then as without couriers). Without JavaScript the
 * form's action, shown again, lists the typed wilaya's desks (`fromServer`); with it, they are
 * fetched as the communes are.
 */
export function StopDeskSelect({
  wilaya,
  commune,
  fromServer,
  error,
  defaultValue,
}: {
  wilaya: string;
  commune: string;
  /** The desks the server listed with the form (its action's answer, without JavaScript). */
  fromServer?: StopDeskChoice[];
  error?: string;
  defaultValue?: string;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const id = useId();
  // The server's list stands for the wilaya it was typed with, until that wilaya's own list arrives.
  const [serverWilaya] = useState(wilaya);
  const [state, setState] = useState<{ wilaya: string; desks: StopDeskChoice[] } | null>(null);
  const [desk, setDesk] = useState(defaultValue ?? "");
  useEffect(() => {
    if (!hydrated) return;
    let live = true;
    fetchStopDesks(wilaya).then(
      (desks) => live && setState({ wilaya, desks }),
      () => live && setState({ wilaya, desks: [] }),
    );
    return () => {
      live = false;
    };
  }, [hydrated, wilaya]);
  const desks = state?.wilaya === wilaya ? state.desks : wilaya === serverWilaya ? (fromServer ?? []) : [];
  if (desks.length === 0) return null;
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1.5" data-testid="stop-desk-select">
      <label htmlFor={id} className="text-sm font-semibold text-stone-800">
        {t("shopDelivery.stopDeskChoice")}
      </label>
      <select
        id={id}
        name="stopDesk"
        value={desk}
        onChange={(event) => setDesk(event.target.value)}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`${field} ${error ? "border-red-600" : "border-stone-300"}`}
        data-testid="stop-desk"
      >
        <option value="">{t("shopDelivery.chooseStopDesk")}</option>
        {stopDesksForCommune(desks, commune).map((choice) => (
          <option key={choice.code} value={choice.code}>
            {choice.address
              ? t("shopDelivery.stopDeskAt", { name: choice.name, commune: choice.communeName, address: choice.address })
              : t("shopDelivery.stopDeskIn", { name: choice.name, commune: choice.communeName })}
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
