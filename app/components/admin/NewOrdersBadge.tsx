import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";

/** How often the badge asks for the count of new orders. */
export const NEW_ORDERS_POLL_MS = 30_000;

/**
 * The count of orders in status 'new' beside the admin's orders tab: fetched on mount, then
 * every 30 s while the tab is visible (none while hidden, once again when it shows). Hidden
 * when there are none or when the session ended (401).
 */
export function NewOrdersBadge() {
  const { t } = useTranslation();
  const [count, setCount] = useState<number | null>(null);

  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    const refresh = async () => {
      try {
        const response = await fetch("/admin/orders/new-count", { headers: { Accept: "application/json" } });
        if (!response.ok) {
          if (response.status === 401) stop();
          return;
        }
        const body = (await response.json()) as { count?: unknown };
        if (!stopped && typeof body.count === "number") setCount(body.count);
      } catch {
        // Offline for a moment: keep the last count.
      }
    };
    const start = () => {
      if (timer !== undefined || stopped) return;
      void refresh();
      timer = setInterval(() => void refresh(), NEW_ORDERS_POLL_MS);
    };
    const pause = () => {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
    };
    function stop() {
      stopped = true;
      pause();
    }
    const onVisibility = () => (document.hidden ? pause() : start());
    document.addEventListener("visibilitychange", onVisibility);
    if (!document.hidden) start();
    return () => {
      stopped = true;
      pause();
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, []);

  if (!count) return null;
  return (
    <span
      className="ms-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs leading-5 font-bold text-white"
      title={t("adminOrdersPrint.newOrders.badge", { count })}
      data-testid="new-orders-badge"
    >
      <span aria-hidden="true">{count > 99 ? "99+" : count}</span>
      <span className="sr-only">{t("adminOrdersPrint.newOrders.badge", { count })}</span>
    </span>
  );
}
