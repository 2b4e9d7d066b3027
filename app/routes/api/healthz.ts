import { checkDatabase } from "~/server/db/health.server";
import { getDatabase } from "~/server/db/connection.server";
import { logger } from "~/server/logger.server";

/** Liveness: 200 when the database answers a query, 503 otherwise (readiness for a load balancer: /readyz). */
export async function loader() {
  const headers = { "Cache-Control": "no-store" };
  try {
    const { dialect } = getDatabase();
    await checkDatabase(getDatabase().db);
    return Response.json({ status: "ok", database: dialect }, { headers });
  } catch (error) {
    logger.error({ err: error }, "health check failed");
    return Response.json({ status: "error", database: "unavailable" }, { status: 503, headers });
  }
}
