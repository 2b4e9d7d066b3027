import { z } from "zod";

/**
 * A text field of an admin form as the database can store it: trimmed, without NUL characters.
 * PostgreSQL's text type refuses NUL (the save would fail with a 500), and nothing a merchant
 * types or pastes means one, so it is dropped like surrounding blanks. (Shoppers' forms refuse
 * it instead, with STORABLE_TEXT in order-request.ts: there it is a sign of a forged request.)
 */
export function cleanFormText(value: string): string {
  return value.replaceAll("\0", "").trim();
}

/** A text field, "" when absent, at most `max` characters after cleaning ("tooLong"). */
export const formText = (max: number) =>
  z.preprocess((value) => (typeof value === "string" ? cleanFormText(value) : ""), z.string().max(max, "tooLong"));

/** The same, null when blank. */
export const optionalFormText = (max: number) =>
  z.preprocess((value) => {
    const cleaned = typeof value === "string" ? cleanFormText(value) : "";
    return cleaned === "" ? null : cleaned;
  }, z.string().max(max, "tooLong").nullable());
