import { z } from "zod";
import { COURIER_FAMILIES, type CourierFamily } from "~/lib/couriers";

/**
 * Courier accounts, the pure rules shared by the admin form and the service that stores them.
 * What a courier account is made of, per API family: the API's base URL (a default where the
 * family has one host; each Ecotrack courier has its own, so the merchant gives it) and the
 * credential fields the courier's dashboard gives the merchant. The keys of `credentialFields`
 * are the keys of CourierAccountAccess.credentials the family's adapter reads.
 */
export interface CourierFamilySpec {
  /** The courier's brand proposed for a new account (the merchant may rename it: "Guepex", "DHD"). */
  defaultLabel: string;
  /** The base URL proposed for a new account; null: the merchant must give it. */
  defaultBaseUrl: string | null;
  /** Other known base URLs of the family (Guepex shares Yalidine's API). */
  knownBaseUrls: readonly string[];
  /** An Ecotrack host given without a path gets the family's API path. */
  apiPath: string;
  credentialFields: readonly string[];
}

export const COURIER_FAMILY_SPECS: Record<CourierFamily, CourierFamilySpec> = {
  // Headers X-API-ID and X-API-TOKEN.
  yalidine: {
    defaultLabel: "Yalidine",
    defaultBaseUrl: "https://api.yalidine.app/v1",
    knownBaseUrls: ["https://api.yalidine.app/v1", "https://api.guepex.app/v1"],
    apiPath: "/v1",
    credentialFields: ["apiId", "apiToken"],
  },
  // Authorization: Bearer <token>, on the courier's own host.
  ecotrack: { defaultLabel: "", defaultBaseUrl: null, knownBaseUrls: [], apiPath: "/api/v1", credentialFields: ["token"] },
  // Bearer token, and user_guid in the bodies of writes.
  noest: {
    defaultLabel: "Noest",
    defaultBaseUrl: "https://app.noest-dz.com/api/public",
    knownBaseUrls: ["https://app.noest-dz.com/api/public"],
    apiPath: "/api/public",
    credentialFields: ["token", "userGuid"],
  },
  // Headers X-Tenant and X-Api-Key.
  zr: {
    defaultLabel: "ZR Express",
    defaultBaseUrl: "https://api.zrexpress.app/api/v1",
    knownBaseUrls: ["https://api.zrexpress.app/api/v1"],
    apiPath: "/api/v1",
    credentialFields: ["tenant", "apiKey"],
  },
};

export const COURIER_ACCOUNT_LIMITS = { label: 60, baseUrl: 200, credential: 300 } as const;

/** Why a field is refused; translated with adminCouriers.errors.<code>. */
export type CourierAccountErrorCode = "required" | "tooLong" | "family" | "url" | "https" | "credential" | "wilaya";

/** A form value, trimmed (anything else counts as empty). */
const text = z.preprocess((value) => (typeof value === "string" ? value.trim() : ""), z.string());

const label = text.pipe(z.string().min(1, { error: "required" }).max(COURIER_ACCOUNT_LIMITS.label, { error: "tooLong" }));

/**
 * A credential: printable ASCII without spaces, as the couriers' dashboards give them. Empty
 * passes `credential` (a blank replacement keeps the stored one), not `requiredCredential`.
 */
const credentialRule = z
  .string()
  .max(COURIER_ACCOUNT_LIMITS.credential, { error: "tooLong" })
  .regex(/^[\x21-\x7e]*$/, { error: "credential" });
const credential = text.pipe(credentialRule);
const requiredCredential = text.pipe(credentialRule.min(1, { error: "required" }));

/**
 * The API's base URL: https only (the credentials travel with every request), no user, query
 * or fragment, no trailing slash. A bare host ("dhd.ecotrack.dz") gets https:// and the family's
 * API path.
 */
function baseUrl(family: CourierFamily) {
  return text.pipe(
    z
      .string()
      .min(1, { error: "required" })
      .max(COURIER_ACCOUNT_LIMITS.baseUrl, { error: "tooLong" })
      .transform((value, ctx) => {
        const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
        let url: URL;
        try {
          url = new URL(withScheme);
        } catch {
          ctx.addIssue({ code: "custom", message: "url" });
          return z.NEVER;
        }
        if (url.protocol !== "https:") {
          ctx.addIssue({ code: "custom", message: "https" });
          return z.NEVER;
        }
        if (url.username || url.password || url.search || url.hash || !url.hostname.includes(".")) {
          ctx.addIssue({ code: "custom", message: "url" });
          return z.NEVER;
        }
        const path = url.pathname.replace(/\/+$/, "");
        return `${url.origin}${path === "" ? COURIER_FAMILY_SPECS[family].apiPath : path}`;
      }),
  );
}

/** The wilaya the parcels leave from: one of our codes (01–69); empty: not set. */
const originWilaya = text.pipe(
  z.union([z.literal("").transform(() => null), z.string().regex(/^(0[1-9]|[1-5]\d|6\d)$/, { error: "wilaya" })], { error: "wilaya" }),
);

export function newAccountSchema(family: CourierFamily) {
  const fields = COURIER_FAMILY_SPECS[family].credentialFields;
  return z.object({
    label,
    baseUrl: baseUrl(family),
    credentials: z.object(Object.fromEntries(fields.map((field) => [field, requiredCredential]))),
    /** Empty: none (or, when replacing, keep the stored one). */
    webhookSecret: credential,
    originWilaya,
  });
}

/** Replacing an account's settings: a blank credential (or webhook secret) keeps the stored one. */
export function accountUpdateSchema(family: CourierFamily) {
  const fields = COURIER_FAMILY_SPECS[family].credentialFields;
  return z.object({
    label,
    baseUrl: baseUrl(family),
    credentials: z.object(Object.fromEntries(fields.map((field) => [field, credential]))),
    /** Empty: none (or, when replacing, keep the stored one). */
    webhookSecret: credential,
    originWilaya,
  });
}

export const familySchema = z.enum(COURIER_FAMILIES, { error: "family" });

/** Each refused field, by its form name ("label", "baseUrl", "credentials.apiId", "webhookSecret"). */
export function fieldErrors(error: z.ZodError): Record<string, CourierAccountErrorCode> {
  const codes: CourierAccountErrorCode[] = ["required", "tooLong", "family", "url", "https", "credential", "wilaya"];
  const fields: Record<string, CourierAccountErrorCode> = {};
  for (const issue of error.issues) {
    const field = issue.path.join(".");
    const code = codes.find((candidate) => candidate === issue.message) ?? "credential";
    fields[field] ??= code;
  }
  return fields;
}
