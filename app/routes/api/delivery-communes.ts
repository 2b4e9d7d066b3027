import { getDb } from "~/server/db/connection.server";
import { listCommunes } from "~/server/delivery/index.server";
import type { Route } from "./+types/delivery-communes";

/** GET /api/delivery/:wilayaCode/communes: the wilaya's communes ({ code, name, nameAr }), 404 for an unknown wilaya. */
export async function loader({ params }: Route.LoaderArgs) {
  const communes = await listCommunes(getDb(), params.wilayaCode);
  if (communes === null) {
    return Response.json({ error: { code: "not_found" } }, { status: 404, headers: { "Cache-Control": "public, max-age=300" } });
  }
  return Response.json(communes, { headers: { "Cache-Control": "public, max-age=3600" } });
}
