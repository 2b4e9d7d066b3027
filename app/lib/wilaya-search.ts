import { normalizeSearchText } from "./search-text";

/** What a wilaya choice shows and searches (the shape of GET /api/delivery). */
export interface WilayaChoice {
  /** Official two-digit code, '01' to '69'. */
  code: string;
  /** Latin (French) name. */
  name: string;
  nameAr: string;
  /** Home-delivery fee in whole dinars; 0 is free. */
  homePrice: number;
  /** Stop-desk fee; null (or absent) where the wilaya has no stop-desk. */
  stopDeskPrice?: number | null;
  /** Text range such as '1-2 days'. */
  deliveryTime: string;
  zone: "A" | "B" | "C" | "D";
}

/**
 * The English name of a wilaya where it is not its Latin (French) name. A shopper types the
 * name of their own language: "Algiers" must find Alger on every page, as "Alger" and "الجزائر" do.
 */
const ENGLISH_NAMES: Readonly<Record<string, string>> = { "16": "Algiers" };

/** The folded text a wilaya is found by: its code, Arabic, Latin and English names (see normalizeSearchText). */
export function wilayaSearchKey(wilaya: Pick<WilayaChoice, "code" | "name" | "nameAr">): string {
  return normalizeSearchText(`${wilaya.code} ${Number(wilaya.code)} ${wilaya.nameAr} ${wilaya.name} ${ENGLISH_NAMES[wilaya.code] ?? ""}`);
}

/**
 * The wilayas whose code or name contains what the shopper typed, whatever the case,
 * accents or Arabic letter variants («البليده» finds «البليدة», «bejaia» finds «Béjaïa»,
 * «09» finds Blida). An empty query keeps them all, in their order.
 */
export function filterWilayas<W extends Pick<WilayaChoice, "code" | "name" | "nameAr">>(wilayas: readonly W[], query: string): W[] {
  const folded = normalizeSearchText(query);
  if (folded === "") return [...wilayas];
  // A query of only digits is a code: «9» and «09» find 09 first, then codes containing it.
  if (/^\d+$/.test(folded)) {
    const exact = wilayas.filter((w) => Number(w.code) === Number(folded));
    const rest = wilayas.filter((w) => Number(w.code) !== Number(folded) && w.code.includes(folded));
    return [...exact, ...rest];
  }
  const words = folded.split(" ");
  return wilayas.filter((w) => {
    const key = wilayaSearchKey(w);
    return words.every((word) => key.includes(word));
  });
}

/** The display name of a wilaya in a language: Arabic in Arabic, its English name in English, the Latin name otherwise. */
export function wilayaLabel(wilaya: Pick<WilayaChoice, "code" | "name" | "nameAr">, language: string): string {
  const name = language === "ar" ? wilaya.nameAr : language === "en" ? (ENGLISH_NAMES[wilaya.code] ?? wilaya.name) : wilaya.name;
  return `${wilaya.code} - ${name}`;
}
