import { ADMIN_HEADERS, requireAdmin } from "~/server/http/admin-session.server";
import { getDb } from "~/server/db/connection.server";
import { countNewOrders } from "~/server/orders/index.server";
import type { Route } from "./+types/orders-new-count";

/** GET /admin/orders/new-count: `{ count }` of the orders in status 'new' (the orders tab's badge polls it). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, ["orders", "queue"]);
  return Response.json({ count: await countNewOrders(getDb()) }, { headers: ADMIN_HEADERS });
}
