/**
 * Text folding for product search, shared by what is stored (products.search_text)
 * and what a shopper types, so both sides compare equal whatever the spelling:
 * Arabic letter variants, diacritics, tatweel, Arabic-Indic digits, French
 * accents and letter case all fold to one form.
 */

/** Longest query we read, in characters; the rest is ignored. */
export const SEARCH_QUERY_MAX_LENGTH = 100;
/** Most distinct words of a query we search for. */
export const SEARCH_MAX_TOKENS = 8;

/** Letters that fold to another letter (after marks are stripped). */
const LETTER_FOLDS: Record<string, string> = {
  أ: "ا",
  إ: "ا",
  آ: "ا",
  ٱ: "ا",
  ة: "ه",
  ى: "ي",
  ؤ: "و",
  ئ: "ي",
  // Persian keyboard forms of kaf and ya, common on phones set to Persian or Urdu layouts.
  ک: "ك",
  ی: "ي",
  œ: "oe",
  æ: "ae",
};
const LETTER_FOLD_PATTERN = new RegExp(`[${Object.keys(LETTER_FOLDS).join("")}]`, "gu");

/**
 * The folded form of a text:
 * NFKC (presentation forms, ligatures, full-width letters → plain letters), lower case,
 * combining marks removed after canonical decomposition (Arabic tashkeel U+064B–U+065F
 * and superscript alif U+0670, hamza above/below, French accents: é → e, ç → c),
 * tatweel removed, أ إ آ ٱ → ا, ة → ه, ى → ي, ؤ → و, ئ → ي, Arabic-Indic and Eastern
 * Arabic-Indic digits → 0-9, everything that is not a letter or a digit → space,
 * spaces collapsed and trimmed.
 */
export function normalizeSearchText(text: string): string {
  return (
    text
      .normalize("NFKC")
      .toLowerCase()
      // Folds before decomposing, so ئ and ؤ do not lose their hamza into a bare ى / و first.
      .replace(LETTER_FOLD_PATTERN, (letter) => LETTER_FOLDS[letter] ?? letter)
      .normalize("NFD")
      // Non-spacing marks: Latin accents, Arabic tashkeel (U+064B–U+065F), superscript alif (U+0670), Quranic marks.
      .replace(/[\p{Mn}\u0670]/gu, "")
      // Tatweel (a letter-like stretch, not a mark).
      .replace(/\u0640/g, "")
      // Arabic-Indic (U+0660–U+0669) and Eastern Arabic-Indic (U+06F0–U+06F9) digits.
      .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
      .replace(/[\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
      // Again, for letters that appear only once marks are gone (ى followed by a combining hamza).
      .replace(LETTER_FOLD_PATTERN, (letter) => LETTER_FOLDS[letter] ?? letter)
      .normalize("NFC")
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim()
  );
}

/**
 * The distinct folded words of a shopper's query, in order: at most
 * SEARCH_MAX_TOKENS of them, read from the first SEARCH_QUERY_MAX_LENGTH characters.
 * An empty or punctuation-only query gives none.
 */
export function searchTokens(query: string): string[] {
  const capped = Array.from(query).slice(0, SEARCH_QUERY_MAX_LENGTH).join("");
  const tokens: string[] = [];
  for (const token of normalizeSearchText(capped).split(" ")) {
    if (token.length >= 1 && !tokens.includes(token)) tokens.push(token);
    if (tokens.length === SEARCH_MAX_TOKENS) break;
  }
  return tokens;
}

/**
 * Markers between the parts of a product's search document. They are never
 * letters, digits or LIKE wildcards, and folded text never contains them, so a
 * LIKE pattern can tell in which part a word was found (see search.repo.server.ts).
 */
export const SEARCH_PART_MARKERS = { en: "#", fr: "~", sku: "^" } as const;

export type SearchPart = "ar" | "en" | "fr";

/**
 * What products.search_text holds: the folded Arabic, English and French titles
 * and the SKU, as `ar # en ~ fr ^ sku`. A missing English or French title is
 * replaced by the Arabic one, as the storefront shows it.
 */
export function searchDocument(product: { title: string; titleEn: string | null; titleFr: string | null; sku: string | null }): string {
  const ar = normalizeSearchText(product.title);
  const en = product.titleEn?.trim() ? normalizeSearchText(product.titleEn) : ar;
  const fr = product.titleFr?.trim() ? normalizeSearchText(product.titleFr) : ar;
  const sku = normalizeSearchText(product.sku ?? "");
  const { en: enMark, fr: frMark, sku: skuMark } = SEARCH_PART_MARKERS;
  return `${ar} ${enMark} ${en} ${frMark} ${fr} ${skuMark} ${sku}`;
}

/** `%`, `_` and `\` taken literally in a LIKE pattern whose ESCAPE character is `\`. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * LIKE patterns over a search document (all with ESCAPE '\'):
 * - `anywhere`: the token in any part;
 * - `inTitle`: the token in the title of one language;
 * - `titleStartsWith`: that title begins with the token.
 */
export function searchPatterns(token: string, part: SearchPart) {
  const t = escapeLike(token);
  const { en, fr, sku } = SEARCH_PART_MARKERS;
  const anywhere = `%${t}%`;
  switch (part) {
    case "en":
      return { anywhere, inTitle: `%${en}%${t}%${fr}%`, titleStartsWith: `%${en} ${t}%` };
    case "fr":
      return { anywhere, inTitle: `%${fr}%${t}%${sku}%`, titleStartsWith: `%${fr} ${t}%` };
    default:
      return { anywhere, inTitle: `%${t}%${en}%`, titleStartsWith: `${t}%` };
  }
}
