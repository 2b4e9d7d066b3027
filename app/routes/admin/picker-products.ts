import type { PickerSearchAnswer } from "~/components/admin/ProductPicker";
import { SEARCH_QUERY_MAX_LENGTH } from "~/lib/search-text";
import { ADMIN_HEADERS, requireAdmin } from "~/server/http/admin-session.server";
import { searchPickerProducts } from "~/server/catalog/index.server";
import { getDb } from "~/server/db/connection.server";
import { withPickerVariants } from "~/server/merchandising/index.server";
import type { Route } from "./+types/picker-products";

/**
 * GET /admin/picker-products?q=…&available=1|0: the product picker's search, `{ products }`
 * (newest first; available=1 = in stock only, for collections). Never cached.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, ["merchandising", "orders", "queue"]);
  const params = new URL(request.url).searchParams;
  const q = Array.from((params.get("q") ?? "").trim())
    .slice(0, SEARCH_QUERY_MAX_LENGTH)
    .join("");
  const db = getDb();
  const products = await withPickerVariants(db, await searchPickerProducts(db, { q, availableOnly: params.get("available") === "1" }));
  return Response.json({ products } satisfies PickerSearchAnswer, { headers: ADMIN_HEADERS });
}
