import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { addAllProducts } from "~/lib/add-all";
import { ADD_ALL_MESSAGE_DELAY_MS } from "~/lib/merchandising";
import type { ProductCardData } from "~/lib/product";
import { useCart } from "./CartProvider";
import { toCartItem } from "./useAddToCart";

/**
 * The collection page's "add all to cart": one of each product without variants that is in
 * stock (app/lib/add-all.ts), then, ADD_ALL_MESSAGE_DELAY_MS later, a status message with the
 * number added. Disabled until the saved cart is restored (an earlier add would be lost) and
 * when no product qualifies.
 */
export function AddAllToCart({ products }: { products: ProductCardData[] }) {
  const { t } = useTranslation();
  const { addItem, ready } = useCart();
  const eligible = useMemo(() => addAllProducts(products), [products]);
  const [working, setWorking] = useState(false);
  const [added, setAdded] = useState<number | null>(null);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  function addAll() {
    if (working) return;
    setWorking(true);
    setAdded(null);
    for (const product of eligible) addItem(toCartItem(product));
    const count = eligible.length;
    timer.current = window.setTimeout(() => {
      setWorking(false);
      setAdded(count);
    }, ADD_ALL_MESSAGE_DELAY_MS);
  }

  return (
    <div className="flex flex-col items-start gap-2">
      <button
        type="button"
        onClick={addAll}
        disabled={!ready || working || eligible.length === 0}
        aria-busy={working}
        className="inline-flex items-center gap-2 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-600"
        data-testid="add-all-to-cart"
      >
        {working ? t("merchandising.collection.adding") : t("merchandising.collection.addAll")}
      </button>
      <p
        role="status"
        aria-live="polite"
        className={added === null ? "sr-only" : "rounded-lg bg-brand-50 px-3 py-2 text-sm font-semibold text-brand-800"}
        data-testid="add-all-message"
      >
        {added === null ? "" : t("merchandising.collection.addAllDone", { count: added })}
      </p>
    </div>
  );
}
