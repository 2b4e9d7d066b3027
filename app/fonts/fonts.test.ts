// The subset Arabic face (scripts/subset-fonts.sh): the @font-face rules of app.css announce exactly
// the characters the script keeps, and every Arabic-script character the app ships (dictionaries,
// demo catalogue, components) is among them, so no shop text falls back to another face mid-word.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

type Range = [number, number];

function parseRanges(list: string): Range[] {
  return list.split(",").map((part) => {
    const [from = "", to = from] = part.trim().replace(/^U\+/i, "").split("-");
    return [parseInt(from, 16), parseInt(to, 16)];
  });
}

const covered = (ranges: Range[], codePoint: number) => ranges.some(([from, to]) => codePoint >= from && codePoint <= to);

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.(tsx?|json|csv)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const css = readFileSync("app/app.css", "utf8");
const script = readFileSync("scripts/subset-fonts.sh", "utf8");
const cssRanges = [...css.matchAll(/unicode-range:\s*([^;]+);/g)].map((match) => match[1] ?? "");
const scriptRanges = parseRanges(/^UNICODES="([^"]+)"/m.exec(script)?.[1] ?? "");

describe("the subset Arabic face", () => {
  it("app.css announces the characters scripts/subset-fonts.sh keeps, for both weights", () => {
    expect(cssRanges).toHaveLength(2);
    for (const ranges of cssRanges) expect(parseRanges(ranges)).toEqual(scriptRanges);
  });

  it("covers every Arabic-script character of the app's own text", () => {
    const missing = new Set<string>();
    for (const file of filesUnder("app")) {
      for (const char of readFileSync(file, "utf8")) {
        const codePoint = char.codePointAt(0) ?? 0;
        const arabicScript = (codePoint >= 0x0600 && codePoint <= 0x08ff) || (codePoint >= 0xfb50 && codePoint <= 0xfeff && codePoint !== 0xfeff);
        if (arabicScript && !covered(scriptRanges, codePoint)) missing.add(`U+${codePoint.toString(16).toUpperCase()} in ${file}`);
      }
    }
    expect([...missing]).toEqual([]);
  });
});
