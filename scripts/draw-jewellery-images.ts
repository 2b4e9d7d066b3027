/**
 * Draws the jewellery catalogue's pictures (app/data/jewellery-catalogue.ts) as small flat SVGs
 * into public/images/demo/jewellery/: one drawing per sub-category (necklace, pendant, ring,
 * bracelet, earrings, crown), recoloured by each item's stones and varied by its index.
 * No text, no external reference, under 6 KB each.
 *
 *   npx tsx scripts/draw-jewellery-images.ts
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { jewelleryCatalogue, type JewelleryItem } from "../app/data/jewellery-catalogue";

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "public", "images", "demo", "jewellery");
const MAX_BYTES = 6 * 1024;

const GOLD = `<linearGradient id="au" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f6e27a"/><stop offset=".45" stop-color="#d4a537"/><stop offset=".7" stop-color="#f3d77a"/><stop offset="1" stop-color="#a8781f"/></linearGradient>`;

/** Stone colour from the item's stones. */
function stoneColour(stones: string): string {
  const s = stones.toLowerCase();
  if (s.includes("emerald")) return "#1f9d6b";
  if (s.includes("ruby")) return "#c8243f";
  if (s.includes("sapphire")) return "#2a55c4";
  if (s.includes("pearl")) return "#f7f1e6";
  if (s.includes("diamond")) return "#e8f4ff";
  return "#f0c75e";
}

const BACKGROUNDS = ["#f7efe2", "#f3e9f1", "#eaf0f6", "#eef3ea", "#f6ece6"];

function gem(x: number, y: number, r: number, colour: string): string {
  return `<circle cx="${x}" cy="${y}" r="${r}" fill="${colour}" stroke="#8a6a1f" stroke-width="3"/><circle cx="${x - r / 3}" cy="${y - r / 3}" r="${Math.max(2, r / 4)}" fill="#fff" opacity=".7"/>`;
}

function necklace(item: JewelleryItem, c: string, i: number): string {
  const beads: string[] = [];
  const n = 13;
  for (let k = 0; k < n; k++) {
    const a = Math.PI * (0.12 + (0.76 * k) / (n - 1));
    const x = 400 + 230 * Math.cos(a);
    const y = 250 + 260 * Math.sin(a);
    beads.push(
      item.stones.toLowerCase().includes("pearl")
        ? gem(x, y, 16, c)
        : `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${i % 2 ? 12 : 9}" fill="url(#au)"/>`,
    );
  }
  return `<path d="M170 250 Q400 760 630 250" fill="none" stroke="url(#au)" stroke-width="10"/>${beads.join("")}${gem(400, 540, 34, c)}`;
}

function pendant(item: JewelleryItem, c: string): string {
  const shape = item.id.includes("heart")
    ? `<path d="M400 620 C240 500 250 360 330 340 C370 330 395 360 400 380 C405 360 430 330 470 340 C550 360 560 500 400 620Z" fill="url(#au)"/>`
    : item.id.includes("moon")
      ? `<mask id="m"><rect width="800" height="800" fill="#fff"/><circle cx="455" cy="445" r="112" fill="#000"/></mask><circle cx="400" cy="470" r="130" fill="url(#au)" mask="url(#m)"/>`
      : `<path d="M330 360 h140 v190 q0 70 -70 70 q-70 0 -70 -70z" fill="url(#au)"/>`;
  const stone = item.id.includes("moon") ? gem(500, 520, 18, c) : gem(400, 480, 26, c);
  return `<path d="M230 120 Q400 420 570 120" fill="none" stroke="url(#au)" stroke-width="6"/><circle cx="400" cy="330" r="16" fill="none" stroke="url(#au)" stroke-width="8"/>${shape}${stone}`;
}

function ring(item: JewelleryItem, c: string): string {
  const plain = item.stones === "None";
  const stones = plain
    ? `<ellipse cx="400" cy="470" rx="170" ry="160" fill="none" stroke="#b8862b" stroke-width="6" stroke-dasharray="18 14"/>`
    : item.id.includes("solitaire") || item.id.includes("cocktail")
      ? `<path d="M350 330 L400 280 L450 330Z" fill="url(#au)"/>${gem(400, 270, 58, c)}`
      : [0, 1, 2, 3, 4].map((k) => gem(300 + k * 50, 310 + Math.abs(2 - k) * 12, 20, c)).join("");
  return `<ellipse cx="400" cy="470" rx="170" ry="160" fill="none" stroke="url(#au)" stroke-width="44"/>${stones}`;
}

function bracelet(_item: JewelleryItem, c: string, i: number): string {
  const bands = i % 2 === 0 ? [0] : [-40, 0, 40];
  const links = bands
    .map(
      (d) =>
        `<ellipse cx="${400 + d}" cy="${420 + d / 2}" rx="220" ry="120" fill="none" stroke="url(#au)" stroke-width="${bands.length > 1 ? 18 : 34}"/>`,
    )
    .join("");
  const dots = [0, 1, 2, 3, 4, 5, 6].map((k) => gem(240 + k * 53, 530 + Math.abs(3 - k) * -12, 12, c)).join("");
  return links + dots;
}

function earrings(_item: JewelleryItem, c: string, i: number): string {
  const one = (x: number) =>
    i % 3 === 1
      ? `<circle cx="${x}" cy="430" r="110" fill="none" stroke="url(#au)" stroke-width="20"/>`
      : i % 3 === 2
        ? `<path d="M${x} 230 v80" stroke="url(#au)" stroke-width="8"/><path d="M${x - 60} 320 h120 l-60 200z" fill="url(#au)"/>${gem(x, 380, 22, c)}${gem(x, 540, 18, c)}`
        : `<circle cx="${x}" cy="400" r="60" fill="url(#au)"/>${gem(x, 400, 40, c)}`;
  return one(260) + one(540);
}

function crown(_item: JewelleryItem, c: string, i: number): string {
  const peaks = i % 2 === 0 ? "M180 560 L220 300 L300 440 L400 240 L500 440 L580 300 L620 560Z" : "M180 560 Q400 180 620 560Z";
  const gems = [260, 330, 400, 470, 540].map((x, k) => gem(x, k === 2 ? 460 : 490, k === 2 ? 30 : 18, c)).join("");
  return `<path d="${peaks}" fill="url(#au)"/><rect x="170" y="550" width="460" height="50" rx="20" fill="url(#au)"/>${gems}`;
}

const drawers: Record<JewelleryItem["category"], (item: JewelleryItem, c: string, i: number) => string> = {
  Necklaces: necklace,
  Pendants: pendant,
  Rings: ring,
  Bracelets: bracelet,
  Earrings: earrings,
  Crowns: crown,
};

function draw(item: JewelleryItem, index: number): string {
  const bg = BACKGROUNDS[index % BACKGROUNDS.length]!;
  const body = drawers[item.category](item, stoneColour(item.stones), index);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">` +
    `<defs>${GOLD}<radialGradient id="bg" cx=".5" cy=".45" r=".75"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${bg}"/></radialGradient></defs>` +
    `<rect width="800" height="800" fill="url(#bg)"/><ellipse cx="400" cy="700" rx="220" ry="18" fill="#3a2a10" opacity=".08"/>` +
    body +
    `</svg>`
  );
}

mkdirSync(OUT_DIR, { recursive: true });
jewelleryCatalogue.forEach((item, index) => {
  const svg = draw(item, index);
  const bytes = Buffer.byteLength(svg);
  if (bytes > MAX_BYTES) throw new Error(`${item.id}.svg is ${bytes} bytes, over ${MAX_BYTES}`);
  writeFileSync(join(OUT_DIR, `${item.id}.svg`), svg + "\n");
});
console.log(`drew ${jewelleryCatalogue.length} pictures into ${OUT_DIR}`);
