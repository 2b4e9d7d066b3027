import { useEffect, useEffectEvent, useState } from "react";
import type { WilayaChoice } from "~/lib/wilaya-search";

let cached: Promise<WilayaChoice[]> | null = null;

/** GET /api/delivery once per page visit (the modal opens on pages whose loader did not send them). */
function fetchWilayas(): Promise<WilayaChoice[]> {
  cached ??= fetch("/api/delivery", { headers: { Accept: "application/json" } })
    .then((response) => {
      if (!response.ok) throw new Error(`GET /api/delivery answered ${response.status}`);
      return response.json() as Promise<WilayaChoice[]>;
    })
    .catch((error: unknown) => {
      cached = null; // the next opening tries again
      throw error;
    });
  return cached;
}

/** The wilayas with their delivery fee, fetched when `enabled` first turns true; null while loading, "error" when it failed. */
export function useWilayas(enabled: boolean): WilayaChoice[] | null | "error" {
  const [wilayas, setWilayas] = useState<WilayaChoice[] | null | "error">(null);
  // Once loaded, the list is kept: reading it does not make the effect run again.
  const loaded = useEffectEvent(() => Array.isArray(wilayas));
  useEffect(() => {
    if (!enabled || loaded()) return;
    let live = true;
    setWilayas(null);
    fetchWilayas().then(
      (list) => live && setWilayas(list),
      () => live && setWilayas("error"),
    );
    return () => {
      live = false;
    };
  }, [enabled]);
  return wilayas;
}
