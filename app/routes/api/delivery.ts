import { getDb } from "~/server/db/connection.server";
import { listDeliveryRates } from "~/server/delivery/index.server";

/** GET /api/delivery: the active wilayas with their home-delivery fee, for the order forms. */
export async function loader() {
  return Response.json(await listDeliveryRates(getDb()), {
    headers: { "Cache-Control": "public, max-age=300" },
  });
}
