import type { Kysely } from "kysely";
import type { CourierFamily } from "~/lib/couriers";
import type { Database } from "../db/database.server";
import { nowIso, toBool } from "../db/types.server";
import { env } from "../env.server";
import { logger } from "../logger.server";
import { decodeSecretsKey, isUniqueViolation, secretBox, SecretOpenError, type SecretBox } from "../platform/index.server";
import type { CourierAccountAccess } from "./adapter.server";
import {
  deleteCourierAccount as deleteRow,
  insertCourierAccount,
  selectCourierAccount,
  selectCourierAccounts,
  setDefaultCourierAccount as setDefaultRow,
  updateCourierAccount as updateRow,
  type CourierAccountRow,
} from "./accounts.repo.server";
import { accountUpdateSchema, familySchema, fieldErrors, newAccountSchema, type CourierAccountErrorCode } from "~/lib/courier-accounts";

/*
 * The merchant's courier accounts. Credentials are sealed before they reach the database and
 * opened only to build an adapter (courierAccountAccess): nothing here returns them to a caller
 * that renders, and nothing logs them. Without SECRETS_KEY nothing can be saved or opened, and
 * the rest of the shop runs as before.
 */

/** The additional data each sealed column is bound to: a value copied into another column does not open. */
const CREDENTIALS = "courier_accounts.credentials";
const WEBHOOK_SECRET = "courier_accounts.webhook_secret";

let cachedBox: { key: string; box: SecretBox } | undefined;

/** The box of SECRETS_KEY, or null when it is unset (the courier features are off). */
function secrets(): SecretBox | null {
  const key = env().SECRETS_KEY;
  if (!key) return null;
  if (cachedBox?.key !== key) cachedBox = { key, box: secretBox(decodeSecretsKey(key)!) };
  return cachedBox.box;
}

/** False without SECRETS_KEY: courier accounts can be neither saved nor used. */
export function courierFeaturesEnabled(): boolean {
  return secrets() !== null;
}

/** At start-up: says once, in the log, that the courier features are off and why. */
export function reportCourierFeatures(): void {
  if (!courierFeaturesEnabled()) {
    logger.warn("SECRETS_KEY is not set: the courier features are off (no courier account can be saved). See .env.example.");
  }
}

/** An account as the admin sees it: never a credential, only whether they are set and readable. */
export interface CourierAccountSummary {
  id: number;
  family: CourierFamily;
  label: string;
  baseUrl: string;
  /** The API's host name, for the list. */
  host: string;
  isDefault: boolean;
  /** "unreadable": sealed under another key (SECRETS_KEY changed): replace them. */
  credentials: "set" | "unreadable";
  webhookSecretSet: boolean;
  /** Our code of the wilaya the parcels leave from; null: not set. */
  originWilayaCode: string | null;
}

function openCredentials(box: SecretBox, row: CourierAccountRow): Record<string, string> | null {
  try {
    const parsed: unknown = JSON.parse(box.open(row.credentials, CREDENTIALS));
    if (typeof parsed !== "object" || parsed === null) return null;
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  } catch (error) {
    if (error instanceof SecretOpenError || error instanceof SyntaxError) return null;
    throw error;
  }
}

function summary(box: SecretBox | null, row: CourierAccountRow): CourierAccountSummary {
  return {
    id: row.id,
    family: row.family,
    label: row.label,
    baseUrl: row.base_url,
    host: new URL(row.base_url).host,
    isDefault: toBool(row.is_default),
    credentials: box && openCredentials(box, row) ? "set" : "unreadable",
    webhookSecretSet: row.webhook_secret !== null,
    originWilayaCode: row.origin_wilaya_code,
  };
}

export async function listCourierAccounts(db: Kysely<Database>): Promise<CourierAccountSummary[]> {
  const box = secrets();
  return (await selectCourierAccounts(db)).map((row) => summary(box, row));
}

export type CourierAccountSaveResult =
  | { ok: true; id: number }
  | { ok: false; error: "disabled" | "not_found" }
  | { ok: false; error: "invalid"; fields: Record<string, CourierAccountErrorCode> };

/** What the admin form posts; every value is checked here (bounded, typed). */
export interface CourierAccountInput {
  family?: unknown;
  label: unknown;
  baseUrl: unknown;
  /** The family's credential fields, by key (COURIER_FAMILY_SPECS[family].credentialFields). */
  credentials: Record<string, unknown>;
  webhookSecret: unknown;
  /** Our code of the wilaya the parcels leave from (01–69); empty: not set. */
  originWilaya?: unknown;
}

/** Adds an account (the first one is the default). */
export async function addCourierAccount(db: Kysely<Database>, input: CourierAccountInput): Promise<CourierAccountSaveResult> {
  const box = secrets();
  if (!box) return { ok: false, error: "disabled" };
  const family = familySchema.safeParse(input.family);
  if (!family.success) return { ok: false, error: "invalid", fields: { family: "family" } };
  const parsed = newAccountSchema(family.data).safeParse(input);
  if (!parsed.success) return { ok: false, error: "invalid", fields: fieldErrors(parsed.error) };
  const { label, baseUrl, credentials, webhookSecret, originWilaya } = parsed.data;
  const row = {
    family: family.data,
    label,
    base_url: baseUrl,
    credentials: box.seal(JSON.stringify(credentials), CREDENTIALS),
    webhook_secret: webhookSecret ? box.seal(webhookSecret, WEBHOOK_SECRET) : null,
    origin_wilaya_code: originWilaya,
  };
  const at = nowIso();
  let id: number;
  try {
    id = await insertCourierAccount(db, row, at, true);
  } catch (error) {
    // Two first accounts at once: the one-default index refused the second; it is simply not the default.
    if (!isUniqueViolation(error)) throw error;
    id = await insertCourierAccount(db, row, at, false);
  }
  logger.info({ courierAccount: id, family: family.data }, "courier account added");
  return { ok: true, id };
}

/**
 * Replaces an account's name, host and credentials. A blank credential or webhook secret keeps
 * the stored one; when the stored ones cannot be opened (another key), every credential is required.
 */
export async function updateCourierAccount(db: Kysely<Database>, id: number, input: CourierAccountInput): Promise<CourierAccountSaveResult> {
  const box = secrets();
  if (!box) return { ok: false, error: "disabled" };
  const row = await selectCourierAccount(db, id);
  if (!row) return { ok: false, error: "not_found" };
  const parsed = accountUpdateSchema(row.family).safeParse(input);
  if (!parsed.success) return { ok: false, error: "invalid", fields: fieldErrors(parsed.error) };
  const { label, baseUrl, credentials, webhookSecret, originWilaya } = parsed.data;
  const stored = openCredentials(box, row) ?? {};
  const merged: Record<string, string> = {};
  const missing: Record<string, CourierAccountErrorCode> = {};
  for (const [field, value] of Object.entries(credentials)) {
    const kept = value || stored[field];
    if (kept) merged[field] = kept;
    else missing[`credentials.${field}`] = "required";
  }
  if (Object.keys(missing).length > 0) return { ok: false, error: "invalid", fields: missing };
  const updated = await updateRow(
    db,
    id,
    {
      label,
      base_url: baseUrl,
      credentials: box.seal(JSON.stringify(merged), CREDENTIALS),
      webhook_secret: webhookSecret ? box.seal(webhookSecret, WEBHOOK_SECRET) : row.webhook_secret,
      origin_wilaya_code: originWilaya,
    },
    nowIso(),
  );
  if (!updated) return { ok: false, error: "not_found" };
  logger.info({ courierAccount: id, family: row.family }, "courier account updated");
  return { ok: true, id };
}

export async function deleteCourierAccount(db: Kysely<Database>, id: number): Promise<boolean> {
  const deleted = await deleteRow(db, id, nowIso());
  if (deleted) logger.info({ courierAccount: id }, "courier account deleted");
  return deleted;
}

/** Makes one account the default (the previous one stops being it). False when there is no such account. */
export function setDefaultCourierAccount(db: Kysely<Database>, id: number): Promise<boolean> {
  return setDefaultRow(db, id, nowIso());
}

export type CourierAccessResult = { ok: true; access: CourierAccountAccess } | { ok: false; error: "disabled" | "not_found" | "unreadable" };

/** An account's host and opened credentials, for its adapter only (never for a page or a log). */
export async function courierAccountAccess(db: Kysely<Database>, id: number): Promise<CourierAccessResult> {
  const box = secrets();
  if (!box) return { ok: false, error: "disabled" };
  const row = await selectCourierAccount(db, id);
  if (!row) return { ok: false, error: "not_found" };
  const credentials = openCredentials(box, row);
  if (!credentials) return { ok: false, error: "unreadable" };
  return { ok: true, access: { family: row.family, baseUrl: row.base_url, credentials } };
}

/** An account's webhook secret, opened, or null when it has none (or it cannot be opened). */
export async function courierWebhookSecret(db: Kysely<Database>, id: number): Promise<string | null> {
  const box = secrets();
  const row = box ? await selectCourierAccount(db, id) : undefined;
  if (!box || !row?.webhook_secret) return null;
  try {
    return box.open(row.webhook_secret, WEBHOOK_SECRET);
  } catch (error) {
    if (error instanceof SecretOpenError) return null;
    throw error;
  }
}
