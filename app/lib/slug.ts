/**
 * Slugs in admin forms: lowercased and whitespace runs replaced by hyphens as the merchant
 * types; the stored slug is also trimmed of hyphens at the ends.
 */
export function slugAsTyped(text: string): string {
  return text.toLowerCase().replace(/\s+/g, "-");
}

/** The slug the server stores. */
export function normalizeSlug(text: string): string {
  return slugAsTyped(text.trim()).replace(/^-+|-+$/g, "");
}
