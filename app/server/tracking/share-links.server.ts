import type { Kysely } from "kysely";
import { z } from "zod";
import { PUBLIC_BODY_BYTES } from "~/lib/body-limits";
import { TRACKING_TARGET_TYPES, qrUrls, type ShareLinkResponse } from "~/lib/tracking";
import type { Database } from "../db/database.server";
import { env } from "../env.server";
import { readJsonWithin } from "../http/json-body.server";
import { requestI18n } from "../i18n.server";
import { logger } from "../logger.server";
import { clientIp } from "../orders/client-ip.server";
import { overRateLimit, windowStart } from "../platform/index.server";
import { publicOrigin } from "../seo/origin.server";
import { createShareLink, TARGET_ID_MAX, UTM_MAX } from "./tracking.service.server";

/**
 * POST /api/share-links (routes/api/share-links.ts is the thin adapter): a JSON body
 * `{ targetType, targetId, utmSource?, utmMedium?, utmCampaign? }` → 201 (new) or 200 (existing)
 * ShareLinkResponse, or `{ error: { code, message } }` with 400, 404, 405, 422 or 429; the
 * message translated (share.errors.*). Rate limited per client address in the database.
 */

export const shareLinkRequestSchema = z.object({
  targetType: z.enum(TRACKING_TARGET_TYPES),
  targetId: z.union([z.string(), z.number().int().nonnegative().transform(String)]).pipe(z.string().trim().min(1).max(TARGET_ID_MAX)),
  utmSource: z.string().trim().max(UTM_MAX).nullish(),
  utmMedium: z.string().trim().max(UTM_MAX).nullish(),
  utmCampaign: z.string().trim().max(UTM_MAX).nullish(),
});

export type ShareLinkErrorCode = "invalidJson" | "invalid" | "unknownTarget" | "rateLimited" | "methodNotAllowed";

export interface ShareLinkSettings {
  perIp: { limit: number; windowSeconds: number };
  /** Overrides publicOrigin(request) (tests). */
  origin?: string;
  /** Overrides clientIp(request) (tests). */
  ip?: string;
  now?: Date;
}

export function shareLinkSettingsFromEnv(): ShareLinkSettings {
  const config = env();
  return { perIp: { limit: config.SHARE_LINK_RATE_LIMIT_PER_IP, windowSeconds: config.SHARE_LINK_RATE_LIMIT_WINDOW_SECONDS } };
}

const noStore = { "Cache-Control": "no-store" };

export async function shareLinkError(request: Request, status: 400 | 404 | 405 | 422 | 429, code: ShareLinkErrorCode): Promise<Response> {
  const { t } = await requestI18n(request);
  const headers: Record<string, string> = { ...noStore };
  if (status === 405) headers.Allow = "POST";
  return Response.json({ error: { code, message: t(`share.errors.${code}`) } }, { status, headers });
}

export async function handleShareLinkRequest(
  db: Kysely<Database>,
  request: Request,
  settings: ShareLinkSettings = shareLinkSettingsFromEnv(),
): Promise<Response> {
  if (request.method !== "POST") return shareLinkError(request, 405, "methodNotAllowed");
  const ip = settings.ip ?? clientIp(request);
  const limited = await overRateLimit(db, {
    key: `share-link:ip:${ip}`,
    limit: settings.perIp.limit,
    windowStart: windowStart(settings.now ?? new Date(), settings.perIp.windowSeconds),
  });
  if (limited) {
    logger.warn({ ip }, "share link refused: rate limit");
    return shareLinkError(request, 429, "rateLimited");
  }
  // Over the size limit the server's body limits answered 413 before this ran.
  const read = await readJsonWithin(request, PUBLIC_BODY_BYTES);
  if (!read.ok) return shareLinkError(request, 400, "invalidJson");
  const parsed = shareLinkRequestSchema.safeParse(read.body);
  if (!parsed.success) return shareLinkError(request, 422, "invalid");
  const { language } = await requestI18n(request);
  const input = parsed.data;
  const result = await createShareLink(
    db,
    {
      targetType: input.targetType,
      targetId: input.targetId,
      utmSource: input.utmSource ?? undefined,
      utmMedium: input.utmMedium ?? undefined,
      utmCampaign: input.utmCampaign ?? undefined,
    },
    settings.origin ?? publicOrigin(request),
    language,
    { now: settings.now },
  );
  if (!result.ok) return shareLinkError(request, result.status, result.error);
  const answer: ShareLinkResponse = { code: result.link.code, fullUrl: result.link.fullUrl, ...qrUrls(result.link.code) };
  return Response.json(answer, { status: result.created ? 201 : 200, headers: noStore });
}
