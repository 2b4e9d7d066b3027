import type { TFunction } from "i18next";
import type { Dictionary } from "./ar";
import { defaultLanguage, type Language } from "./config";

/** Loads one language's dictionary; each is its own chunk, so a visitor downloads only theirs. */
export function loadDictionary(language: Language): Promise<Dictionary> {
  switch (language) {
    case "en":
      return import("./en").then((m) => m.default);
    case "fr":
      return import("./fr").then((m) => m.default);
    default:
      return import("./ar").then((m) => m.default);
  }
}

/**
 * The page's translator: one language for its whole life (switching language loads a new
 * document). `t` is typed by i18next's TFunction (keys of the Arabic dictionary), and follows
 * i18next's rules for the subset the shop uses, so that the same code runs on the server and in
 * the browser without shipping i18next to every visitor (docs/decisions/0015-own-translator-instead-of-i18next-at-runtime.md):
 * - nested keys with `.`; an unknown key renders `defaultValue`, or else the key itself;
 * - `{{name}}` interpolation (also `{{a.b}}`), never escaped (React escapes); a missing value leaves the placeholder as it is;
 * - plurals with `count`: `key_zero` for 0 when present, then `key_<Intl.PluralRules category>`,
 *   then `key`;
 * - `context`: `key_<context>` (with its plural forms) before the plain key.
 */
export interface I18n {
  language: Language;
  t: TFunction;
}

type Tree = { readonly [key: string]: string | Tree };
type Options = Record<string, unknown> & { count?: unknown; context?: unknown; defaultValue?: unknown };

const INTERPOLATION = /\{\{\s*([^{}]+?)\s*\}\}/g;

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

function interpolate(text: string, options: Options): string {
  if (!text.includes("{{")) return text;
  return text.replace(INTERPOLATION, (match, path: string) => {
    let value: unknown = options;
    for (const part of path.split(".")) {
      value = typeof value === "object" && value !== null ? (value as Record<string, unknown>)[part] : undefined;
    }
    return value === undefined ? match : String(value);
  });
}

/** A translator over one dictionary (exported for tests; pages use `createI18n`). */
export function createTranslator(language: Language, dictionary: Dictionary): I18n {
  const tree = dictionary as unknown as Tree;
  const plurals = new Intl.PluralRules(language);
  const translate = (key: string | string[], second?: Options | string): string => {
    const options: Options = typeof second === "string" ? { defaultValue: second } : (second ?? {});
    const keys = Array.isArray(key) ? key : [key];
    const count = options.count;
    const plural = count !== undefined && typeof count !== "string";
    for (const base of keys) {
      // Most specific first, as i18next resolves them.
      const candidates: string[] = [];
      const forms = (stem: string): void => {
        if (plural && Number(count) === 0) candidates.push(`${stem}_zero`);
        if (plural) candidates.push(`${stem}_${plurals.select(Number(count))}`);
        candidates.push(stem);
      };
      if (typeof options.context === "string" && options.context !== "") forms(`${base}_${options.context}`);
      forms(base);
      for (const candidate of candidates) {
        const found = lookup(tree, candidate);
        if (found !== undefined) return interpolate(found, options);
      }
    }
    if (typeof options.defaultValue === "string") return interpolate(options.defaultValue, options);
    return keys[keys.length - 1] ?? "";
  };
  return { language, t: translate as unknown as TFunction };
}

/** The translator of one language, its dictionary loaded (or given). */
export async function createI18n(language: Language, dictionary?: Dictionary): Promise<I18n> {
  return createTranslator(language, dictionary ?? (await loadDictionary(language)));
}

export { defaultLanguage };
