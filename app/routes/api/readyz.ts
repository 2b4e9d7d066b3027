import { getDatabase } from "~/server/db/connection.server";
import { checkReadiness } from "~/server/db/health.server";
import { isShuttingDown } from "~/server/http/lifecycle.server";
import { logger } from "~/server/logger.server";

/**
 * Readiness (for a load balancer; /healthz is liveness): 200 when this instance should get
 * traffic, i.e. the database answers and every migration is applied; 503 with a JSON reason
 * otherwise, and from the moment a graceful shutdown starts (so the instance is drained).
 */
export async function loader() {
  const headers = { "Cache-Control": "no-store" };
  if (isShuttingDown()) return Response.json({ status: "unavailable", reason: "shutting_down" }, { status: 503, headers });
  try {
    const readiness = await checkReadiness(getDatabase().db);
    if (readiness.ready) return Response.json({ status: "ready" }, { headers });
    logger.warn({ reason: readiness.reason, pending: readiness.pending }, "not ready");
    return Response.json({ status: "unavailable", ...readiness }, { status: 503, headers });
  } catch (error) {
    logger.error({ err: error }, "readiness check failed");
    return Response.json({ status: "unavailable", reason: "database_unavailable" }, { status: 503, headers });
  }
}
