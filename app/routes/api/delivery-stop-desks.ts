import { getDb } from "~/server/db/connection.server";
import { stopDeskChoices } from "~/server/couriers/index.server";
import type { Route } from "./+types/delivery-stop-desks";

/**
 * GET /api/delivery/:wilayaCode/stop-desks: the merchant's default courier's stop-desks in the
 * wilaya ({ code, name, communeName, address, communeCode }), an empty list where it has none.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const desks = await stopDeskChoices(getDb(), params.wilayaCode);
  return Response.json(desks, { headers: { "Cache-Control": "public, max-age=300" } });
}
