import { availableParallelism } from "node:os";
import { z } from "zod";
import { ALLOWED_HOSTS_MESSAGE, parseAllowedHosts } from "./http/allowed-hosts.server";
import { parseTrustProxy, TRUST_PROXY_MESSAGE } from "./http/trust-proxy.server";
import { decodeSecretsKey, SECRETS_KEY_MESSAGE } from "./platform/secrets.server";

/**
 * Every setting comes from the environment, parsed once at boot. A bad value
 * stops start-up with a message naming the variable. Documented in .env.example.
 */
/** The most worker processes WEB_CONCURRENCY may ask for (scripts/lib/worker-processes.js refuses more too). */
export const MAX_WORKERS = 64;

/** An optional absolute URL; an empty value (as in a copied .env.example) counts as unset. */
const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(z.url({ protocol: /^https?$/ }).optional());

/** An optional text; an empty value counts as unset. */
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().trim().min(1).default("0.0.0.0"),
    DATABASE_URL: z
      .string()
      .trim()
      .default("file:data/shop.db")
      .refine((url) => url.startsWith("file:") || /^postgres(ql)?:\/\//.test(url), {
        message: "must be file:PATH (SQLite) or postgres://USER:PASSWORD@HOST:PORT/DB",
      }),
    /** Folder of uploaded files (product image variants), served at /uploads; unused when S3_BUCKET is set. */
    UPLOADS_DIR: z.string().trim().min(1).default("data/uploads"),
    /**
     * Object storage (app/server/storage/s3-storage.server.ts): uploads go to this S3-compatible
     * bucket instead of UPLOADS_DIR when S3_BUCKET is set. The other S3_* variables need it.
     */
    S3_BUCKET: optionalText.pipe(
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
          message: "must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens",
        })
        .optional(),
    ),
    /** The S3 API's address for a service other than AWS (MinIO, R2, …); unset: AWS for S3_REGION. */
    S3_ENDPOINT: optionalText.pipe(
      z.url({ protocol: /^https?$/, message: "must be an absolute http(s) URL such as http://127.0.0.1:9000" }).optional(),
    ),
    S3_REGION: optionalText
      .transform((value) => value ?? "us-east-1")
      .pipe(z.string().regex(/^[a-z0-9-]{2,32}$/, { message: "must be a region name such as us-east-1 or auto" })),
    /** Both or neither; neither: the AWS SDK's default chain (AWS_* variables, profile, instance role). */
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    /** Public base URL (CDN, or the bucket's public address) the objects are fetched at: `<S3_PUBLIC_URL>/<key>`. */
    S3_PUBLIC_URL: optionalText.pipe(
      z
        .url({ protocol: /^https?$/, message: "must be an absolute http(s) URL such as https://cdn.example.com/uploads" })
        .refine((url) => !/[?#]/.test(url), { message: "must not have a query or fragment" })
        .transform((url) => url.replace(/\/+$/, ""))
        .optional(),
    ),
    /** Path-style addressing (endpoint/bucket/key); unset: true when S3_ENDPOINT is set, else false. */
    S3_FORCE_PATH_STYLE: optionalText.pipe(
      z
        .enum(["true", "false"], { message: "must be true or false" })
        .transform((value) => value === "true")
        .optional(),
    ),
    /** Folder inside the bucket the keys live under (e.g. souq or shops/souq); unset: the bucket's root. */
    S3_PREFIX: optionalText.pipe(
      z
        .string()
        .transform((value) => value.replace(/^\/+|\/+$/g, ""))
        .pipe(
          z.string().regex(/^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/, {
            message: "must be a folder such as souq or shops/souq: segments of letters, digits, . _ - not starting with a dot",
          }),
        )
        .optional(),
    ),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** The shop's name until the merchant sets one in /admin/settings (the stored one wins): English and French. */
    SHOP_NAME: z.string().trim().min(1).default("Souq"),
    /** Likewise, in Arabic. */
    SHOP_NAME_AR: z.string().trim().min(1).default("سوق"),
    PUBLIC_URL: optionalUrl,
    /**
     * Defaults of the contact settings until the merchant sets them in /admin/settings (the stored
     * ones win). Never a placeholder: unset is hidden from shoppers (app/server/settings/).
     */
    SHOP_PHONE: optionalText,
    SHOP_EMAIL: optionalText,
    SOCIAL_FACEBOOK_URL: optionalUrl,
    SOCIAL_INSTAGRAM_URL: optionalUrl,
    /** Meta (Facebook) Pixel id; unset or empty = no pixel script and no request to Meta. */
    META_PIXEL_ID: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value : undefined))
      .pipe(
        z
          .string()
          .regex(/^\d{5,20}$/, { message: "must be the pixel's numeric id" })
          .optional(),
      ),
    SEED_DEMO_CATALOGUE: z
      .enum(["true", "false"])
      .default("true")
      .transform((value) => value === "true"),
    /** Where each new order is POSTed (form-encoded, the old shop's field names) by the outbox worker; unset: no webhook. */
    ORDER_WEBHOOK_URL: optionalUrl,
    /**
     * The bearer token of the orders API for integrations (server to server, never a browser):
     * with it, POST /api/orders needs no Origin of the shop. Unset: no token access.
     */
    ORDER_API_TOKEN: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value : undefined))
      .pipe(
        z
          .string()
          .regex(/^[\x21-\x7e]{32,256}$/, { message: "must be 32 to 256 printable characters (e.g. openssl rand -hex 32)" })
          .optional(),
      ),
    /**
     * The outbox worker: how often it looks for due messages, and how long a worker holds the
     * messages it claimed. After a crash, messages claimed by the dead process are sent again
     * once the claim runs out; it must stay well beyond one batch (5 s timeout per message).
     */
    OUTBOX_INTERVAL_MS: z.coerce.number().int().min(50).max(3_600_000).default(5_000),
    OUTBOX_CLAIM_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(120_000),
    /**
     * New-order notifications (a short message per order, through the outbox): a Telegram bot's
     * token and the chat it writes to (both or neither), the Bot API's address (tests point it to
     * a local server), and/or a generic endpoint receiving a JSON POST.
     */
    NOTIFY_TELEGRAM_BOT_TOKEN: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value : undefined))
      .pipe(
        z
          .string()
          .regex(/^\d+:[\w-]+$/, { message: "must be the bot token BotFather gave (123456:ABC…)" })
          .optional(),
      ),
    NOTIFY_TELEGRAM_CHAT_ID: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value : undefined))
      .pipe(
        z
          .string()
          .regex(/^(-?\d{1,20}|@\w{5,32})$/, { message: "must be a numeric chat id or @channelname" })
          .optional(),
      ),
    NOTIFY_TELEGRAM_API_URL: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value : "https://api.telegram.org"))
      .pipe(z.url({ protocol: /^https?$/ })),
    ORDER_NOTIFY_URL: optionalUrl,
    /**
     * Orders accepted per client address per window (ORDER_RATE_LIMIT_IP_WINDOW_SECONDS). Generous:
     * Algerian mobile carriers put many shoppers behind one carrier-grade NAT address.
     */
    ORDER_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(200),
    ORDER_RATE_LIMIT_IP_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
    /** Orders accepted per phone number per window (ORDER_RATE_LIMIT_PHONE_WINDOW_SECONDS). */
    ORDER_RATE_LIMIT_PER_PHONE: z.coerce.number().int().min(1).default(5),
    ORDER_RATE_LIMIT_PHONE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
    /** Share links created per client address per window (POST /api/share-links); then 429. */
    SHARE_LINK_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
    SHARE_LINK_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
    /**
     * Referral clicks counted per client address and link in each CLICK_DEDUP_MINUTES window; more
     * are neither counted nor stored. Generous for carrier-grade NAT (decision 0024).
     */
    REFERRAL_CLICK_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
    /** Admin sessions end after this many minutes without a request, and in any case ADMIN_SESSION_MAX_DAYS after sign-in. */
    ADMIN_SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(10_080).default(120),
    ADMIN_SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(30).default(7),
    /** Failed admin sign-ins allowed per email, and per client address, in ADMIN_LOGIN_WINDOW_MINUTES; then 429. */
    ADMIN_LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
    ADMIN_LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(20),
    ADMIN_LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
    /**
     * The page cache (app/server/http/page-cache.server.ts): at most this many megabytes of rendered
     * public pages kept in memory per process; 0 turns it off (every page is rendered per request).
     */
    PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4_096).default(64),
    /**
     * Worker processes sharing the port (server.js, scripts/lib/worker-processes.js, decision 0035):
     * one per CPU by default; 1 is a single process without a primary. An empty value counts as unset.
     */
    WEB_CONCURRENCY: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
      z.coerce.number().int().min(1).max(MAX_WORKERS).default(availableParallelism()),
    ),
    /**
     * Admission control (app/server/http/load-shedding.server.ts, docs/decisions/0037-load-shedding.md):
     * requests served at once per process (0 turns it off), ordinary requests waiting for a slot,
     * and how long one waits before it is answered 503 with Retry-After.
     */
    MAX_CONCURRENT_RENDERS: z.coerce.number().int().min(0).max(1_000).default(2),
    MAX_QUEUED_REQUESTS: z.coerce.number().int().min(0).max(100_000).default(256),
    MAX_QUEUE_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(3_000),
    /** Graceful shutdown (SIGTERM/SIGINT): how long requests in flight may take before their connections are cut. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    /**
     * The reverse proxies in front of the app (app/server/http/trust-proxy.server.ts): false, a hop
     * count (true = 1) or their addresses. Only then are X-Forwarded-For/-Proto/-Host believed.
     */
    TRUST_PROXY: z
      .string()
      .optional()
      .refine((value) => parseTrustProxy(value) !== undefined, { message: TRUST_PROXY_MESSAGE })
      .transform((value) => parseTrustProxy(value)!),
    /**
     * The key secrets are sealed under at rest (app/server/platform/secrets.server.ts): the courier
     * accounts' credentials. 32 bytes as 64 hex characters or base64. Unset: the courier features
     * are off (the shop runs; the courier admin page says why and saves nothing).
     */
    SECRETS_KEY: optionalText.refine((value) => value === undefined || decodeSecretsKey(value) !== null, { message: SECRETS_KEY_MESSAGE }),
    /**
     * Statuses back from the couriers (app/server/shipping/polling.server.ts): how often the poller
     * looks for due parcels, and how long between two polls of one parcel, for couriers without
     * webhooks and (a safety net) for couriers with them.
     */
    COURIER_POLL_INTERVAL_MS: z.coerce.number().int().min(50).max(3_600_000).default(60_000),
    COURIER_POLL_EVERY_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(1_800_000),
    COURIER_POLL_WEBHOOK_EVERY_MS: z.coerce.number().int().min(1_000).max(604_800_000).default(21_600_000),
    /** Requests per client address and minute on the couriers' webhook route. */
    COURIER_WEBHOOK_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    /**
     * A fake Yalidine-family courier in the running shop, for demonstration
     * (app/server/couriers/sandbox/): never on by default, refused in production unless set there too.
     */
    COURIER_SANDBOX: optionalText.pipe(
      z
        .enum(["true", "false"], { message: "must be true or false" })
        .transform((value) => value === "true")
        .default(false),
    ),
    /** How often each sandbox parcel moves one step. */
    COURIER_SANDBOX_STEP_MS: z.coerce.number().int().min(100).max(3_600_000).default(20_000),
    /** The host names requests may carry (app/server/http/allowed-hosts.server.ts); unset: see allowedHosts. */
    ALLOWED_HOSTS: optionalText
      .refine((value) => value === undefined || parseAllowedHosts(value) !== undefined, { message: ALLOWED_HOSTS_MESSAGE })
      .transform((value) => (value === undefined ? undefined : parseAllowedHosts(value)!)),
  })
  .superRefine((config, ctx) => {
    if (Boolean(config.NOTIFY_TELEGRAM_BOT_TOKEN) !== Boolean(config.NOTIFY_TELEGRAM_CHAT_ID)) {
      const missing = config.NOTIFY_TELEGRAM_BOT_TOKEN ? "NOTIFY_TELEGRAM_CHAT_ID" : "NOTIFY_TELEGRAM_BOT_TOKEN";
      ctx.addIssue({ code: "custom", path: [missing], message: "set NOTIFY_TELEGRAM_BOT_TOKEN and NOTIFY_TELEGRAM_CHAT_ID together" });
    }
    if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
      const missing = config.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID";
      ctx.addIssue({
        code: "custom",
        path: [missing],
        message: "set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together (or neither, for the AWS SDK's default credentials)",
      });
    }
    if (!config.S3_BUCKET) {
      // An S3 setting without a bucket would silently keep the uploads on the local disk.
      for (const name of ["S3_ENDPOINT", "S3_PUBLIC_URL", "S3_PREFIX", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
        if (config[name]) ctx.addIssue({ code: "custom", path: [name], message: "needs S3_BUCKET (uploads stay in UPLOADS_DIR without it)" });
      }
    }
  });

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new Error(`Invalid environment configuration (see .env.example):\n${problems}`);
  }
  return result.data;
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
