/**
 * Our communes in a courier's words: each courier spells Algerian place names its own way
 * ("Aïn Arnat", "Ain Arnat", "AIN-ARNAT", "Bou Saâda", "Boussaada", "El Kseur", "Al Kseur"),
 * so a commune is matched by a normalised key of its name, only among the courier's communes
 * of the same wilaya (couriers number wilayas 1–58: a 2026 wilaya's communes are looked up
 * under its parent).
 */

/** Spellings of the same word, by its normalised form → the one form the keys use. */
const WORD_SPELLINGS: Record<string, string> = {
  al: "el",
  ayn: "ain",
  aine: "ain",
  oulad: "ouled",
  awlad: "ouled",
  bni: "beni",
  bourdj: "bordj",
  borj: "bordj",
  sid: "sidi",
  um: "oum",
  wadi: "oued",
};

/** Arabic letters written several ways (hamza forms of alef, final yaa/taa marbuta). */
const ARABIC_LETTERS: Record<string, string> = { أ: "ا", إ: "ا", آ: "ا", ٱ: "ا", ى: "ي", ة: "ه", ؤ: "و", ئ: "ي" };

/**
 * The words of a place name, normalised: no accents, lower case, apostrophes, hyphens and
 * punctuation as word breaks, the usual variant spellings unified ("Al" → "el", "Aïn" → "ain").
 * Arabic names keep their letters with the diacritics and hamza variants removed.
 */
export function placeNameWords(name: string): string[] {
  const plain = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670\u0640]/g, "")
    .replace(/[أإآٱىةؤئ]/g, (letter) => ARABIC_LETTERS[letter] ?? letter)
    .toLowerCase()
    .replace(/[^a-z0-9\u0621-\u064a]+/g, " ")
    .trim();
  if (plain === "") return [];
  return plain.split(" ").map((word) => WORD_SPELLINGS[word] ?? word);
}

/** The strict key of a name: its normalised words, one space apart. */
export function placeNameKey(name: string): string {
  return placeNameWords(name).join(" ");
}

/**
 * The loose key: the words run together without the article "el", a doubled letter written
 * once (transliterations double letters at will), so "Boussaada" meets "Bou Saada" and
 * "Bir Djir" meets "Bir El Djir".
 */
export function loosePlaceNameKey(name: string): string {
  const words = placeNameWords(name);
  const kept = words.filter((word) => word !== "el" && word !== "l");
  return (kept.length > 0 ? kept : words).join("").replace(/(.)\1+/g, "$1");
}

export interface OurCommune {
  code: string;
  /** The courier's wilaya number (1–58) this commune is looked up under. */
  courierWilayaCode: number;
  /** Our names of the commune (Latin and Arabic). */
  names: readonly string[];
}

export interface TheirCommune {
  wilayaCode: number;
  communeName: string;
}

/**
 * Each of our communes → the courier's commune of the same wilaya with the same name (strict
 * key first, then loose key). A key that fits several of the courier's communes of the wilaya
 * matches none of them: a wrong commune on a parcel is worse than an unmapped one.
 */
export function matchCommunes<Theirs extends TheirCommune>(ours: readonly OurCommune[], theirs: readonly Theirs[]): Map<string, Theirs> {
  const strict = new Map<string, Theirs[]>();
  const loose = new Map<string, Theirs[]>();
  const add = (index: Map<string, Theirs[]>, key: string, commune: Theirs) => {
    if (key.endsWith(":")) return;
    const list = index.get(key);
    if (!list) index.set(key, [commune]);
    else if (!list.includes(commune)) list.push(commune);
  };
  for (const commune of theirs) {
    add(strict, `${commune.wilayaCode}:${placeNameKey(commune.communeName)}`, commune);
    add(loose, `${commune.wilayaCode}:${loosePlaceNameKey(commune.communeName)}`, commune);
  }
  const only = (index: Map<string, Theirs[]>, keys: string[]): Theirs | undefined => {
    const found = new Set(keys.flatMap((key) => index.get(key) ?? []));
    return found.size === 1 ? [...found][0] : undefined;
  };
  const matched = new Map<string, Theirs>();
  for (const commune of ours) {
    const names = commune.names.filter((name) => name.trim() !== "");
    const match =
      only(
        strict,
        names.map((name) => `${commune.courierWilayaCode}:${placeNameKey(name)}`),
      ) ??
      only(
        loose,
        names.map((name) => `${commune.courierWilayaCode}:${loosePlaceNameKey(name)}`),
      );
    if (match) matched.set(commune.code, match);
  }
  return matched;
}

/** A courier's stop-desk as the shopper chooses it. */
export interface StopDeskChoice {
  /** The desk's code at the courier (what the order stores). */
  code: string;
  name: string;
  /** The courier's name of the desk's commune. */
  communeName: string;
  address: string | null;
  /** Our commune the desk stands in, when known. */
  communeCode: string | null;
}

/** The desks as offered: the one(s) in the shopper's commune first, the others in their order. */
export function stopDesksForCommune<Desk extends Pick<StopDeskChoice, "communeCode">>(desks: readonly Desk[], communeCode: string): Desk[] {
  if (!communeCode) return [...desks];
  return [...desks.filter((desk) => desk.communeCode === communeCode), ...desks.filter((desk) => desk.communeCode !== communeCode)];
}
