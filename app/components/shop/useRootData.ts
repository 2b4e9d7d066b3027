import { useRouteLoaderData } from "react-router";
import type { Language } from "~/i18n/config";
import type { PublicShopInfo } from "~/lib/shop-settings";

/** The shop-wide data the root loader provides (language, shop name, contacts). */
export interface RootData {
  language: Language;
  /** Items in the `cart` cookie: the badge before the browser restores the cart (and without JavaScript). */
  cartCount: number;
  dir: "rtl" | "ltr";
  /** The merchant's settings shoppers see; null where one is not set (then nothing is shown). */
  shop: PublicShopInfo;
  /** Meta Pixel id, or null: no pixel at all. */
  metaPixelId: string | null;
}

/** The root loader's data, from any component or route (undefined where the root loader did not run). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}
