import type { PickerProduct } from "./merchandising";
import type { CollectionFormValues, CustomPageFormValues, MerchErrorKey } from "./merchandising.schema";
import type { ProductImageData } from "./product";

/**
 * What the admin screens of collections and custom pages show: the server builds these, the
 * components in app/components/admin/ draw them.
 */

/** The two kinds of merchandising records listed as cards; each is also its admin path segment. */
export type MerchKind = "collections" | "custom-pages";

/** A refusal the merchandising screens show: a MerchErrorKey, or a body over the route's limit. */
export type MerchMessage = MerchErrorKey | "bodyTooLarge";

/** One card, whichever the kind (a collection's banner or a page's hero as `image`). */
export interface MerchCardData {
  id: number;
  slug: string;
  title: string;
  description: string | null;
  image: ProductImageData | null;
  isActive: boolean;
  /** Collections only. */
  isFeatured: boolean;
  productCount: number;
  /** The storefront path (/collections/{slug} or /pages/{slug}). */
  path: string;
}

/** The saved record an edit page shows. */
export interface MerchRecord {
  id: number;
  title: string;
  /** Its storefront path. */
  path: string;
  image: ProductImageData | null;
  isActive: boolean;
}

/** A refused post, with what was typed and the chosen products (null when the body was not read). */
export interface MerchRefusal {
  error: MerchMessage;
  field: string | null;
  values: CollectionFormValues | CustomPageFormValues | null;
  products: PickerProduct[] | null;
}
