import { getDb } from "~/server/db/connection.server";
import { qrResponse } from "~/server/tracking/qr-route.server";
import type { Route } from "./+types/qr";

/** GET /qr/CODE.svg | /qr/CODE.png: a tracking link's QR code (app/server/tracking/qr-route.server.ts). */
export async function loader({ request, params }: Route.LoaderArgs) {
  return qrResponse(getDb(), request, params.file);
}
