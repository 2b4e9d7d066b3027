import type { Kysely } from "kysely";
import { z } from "zod";
import type { Language } from "~/i18n/config";
import { TRACKING_TARGET_TYPES, qrUrls, type ShareLinkResponse } from "~/lib/tracking";
import type { Database } from "../db/database.server";
import { env } from "../env.server";
import { logger } from "../logger.server";
import { overRateLimit, windowStart } from "../platform/index.server";
import { createShareLink, TARGET_ID_MAX, UTM_MAX } from "./tracking.service.server";

/**
 * A share link asked for by the share widget (POST /api/share-links, the route reads the JSON):
 * `{ targetType, targetId, variantId?, utmSource?, utmMedium?, utmCampaign? }` (variantId: products only) → a new (created) or existing
 * link with its QR URLs, or a refusal code. Rate limited per client address in the database,
 * before the body is looked at.
 */

export const shareLinkRequestSchema = z.object({
  targetType: z.enum(TRACKING_TARGET_TYPES),
  targetId: z.union([z.string(), z.number().int().nonnegative().transform(String)]).pipe(z.string().trim().min(1).max(TARGET_ID_MAX)),
  /** A variant of the product the link preselects (`?variant=` on the product's page). */
  variantId: z
    .union([
      z.number(),
      z
        .string()
        .regex(/^\d{1,15}$/)
        .transform(Number),
    ])
    .pipe(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
    .nullish(),
  utmSource: z.string().trim().max(UTM_MAX).nullish(),
  utmMedium: z.string().trim().max(UTM_MAX).nullish(),
  utmCampaign: z.string().trim().max(UTM_MAX).nullish(),
});

export type ShareLinkErrorCode = "invalidJson" | "invalid" | "unknownTarget" | "rateLimited" | "methodNotAllowed";

export interface ShareLinkSettings {
  perIp: { limit: number; windowSeconds: number };
  now?: Date;
}

export function shareLinkSettingsFromEnv(): ShareLinkSettings {
  const config = env();
  return { perIp: { limit: config.SHARE_LINK_RATE_LIMIT_PER_IP, windowSeconds: config.SHARE_LINK_RATE_LIMIT_WINDOW_SECONDS } };
}

export type ShareLinkRequestResult =
  { ok: true; status: 200 | 201; link: ShareLinkResponse } | { ok: false; status: 400 | 404 | 422 | 429; code: ShareLinkErrorCode };

export interface ShareLinkRequest {
  /** The client's address (the rate limit's key). */
  ip: string;
  /** The JSON body, or `{ ok: false }` when it was not JSON. */
  body: { ok: true; value: unknown } | { ok: false };
  /** The shop's public origin, for the link's full URL. */
  origin: string;
  language: Language;
}

export async function requestShareLink(
  db: Kysely<Database>,
  request: ShareLinkRequest,
  settings: ShareLinkSettings = shareLinkSettingsFromEnv(),
): Promise<ShareLinkRequestResult> {
  const limited = await overRateLimit(db, {
    key: `share-link:ip:${request.ip}`,
    limit: settings.perIp.limit,
    windowStart: windowStart(settings.now ?? new Date(), settings.perIp.windowSeconds),
  });
  if (limited) {
    logger.warn({ ip: request.ip }, "share link refused: rate limit");
    return { ok: false, status: 429, code: "rateLimited" };
  }
  if (!request.body.ok) return { ok: false, status: 400, code: "invalidJson" };
  const parsed = shareLinkRequestSchema.safeParse(request.body.value);
  if (!parsed.success) return { ok: false, status: 422, code: "invalid" };
  const input = parsed.data;
  const result = await createShareLink(
    db,
    {
      targetType: input.targetType,
      targetId: input.targetId,
      variantId: input.variantId ?? null,
      utmSource: input.utmSource ?? undefined,
      utmMedium: input.utmMedium ?? undefined,
      utmCampaign: input.utmCampaign ?? undefined,
    },
    request.origin,
    request.language,
    { now: settings.now },
  );
  if (!result.ok) return { ok: false, status: result.status, code: result.error };
  return {
    ok: true,
    status: result.created ? 201 : 200,
    link: { code: result.link.code, fullUrl: result.link.fullUrl, ...qrUrls(result.link.code) },
  };
}
