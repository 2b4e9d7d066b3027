/**
 * Draws the demo catalogue's product pictures as small flat SVG illustrations
 * into public/images/demo/. No network, no raster: every picture is built from
 * parametrised shape templates (one soft background per category).
 *
 *   npx tsx scripts/draw-demo-images.ts
 *
 * The output is committed; re-run this after changing a template. The file
 * names are referenced by app/data/demo-catalogue.ts and
 * app/data/fallback-products.ts (their test checks that every file exists).
 */
import { mkdirSync, readdirSync, unlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "public", "images", "demo");
const MAX_BYTES = 6 * 1024;

type Cat =
  | "toys"
  | "books"
  | "home-equipment"
  | "electronics"
  | "accessories"
  | "pools"
  | "backpacks"
  | "perfumery"
  | "kitchen"
  | "cleaning"
  | "cooling"
  | "personal-care"
  | "small-appliances"
  | "laundry";

/** Background colour, glow at the centre, decoration accent. */
const PALETTE: Record<Cat, [bg: string, glow: string, accent: string]> = {
  toys: ["#fde9c4", "#fff7e6", "#f4a261"],
  books: ["#dde7fb", "#f3f7ff", "#6c8ebf"],
  "home-equipment": ["#efe6d8", "#fbf7f1", "#c8a27a"],
  electronics: ["#dde6ef", "#f5f8fb", "#7d9bb8"],
  accessories: ["#f4e1e9", "#fdf4f8", "#d48aa9"],
  pools: ["#d3f0f6", "#f0fbfd", "#5fc2da"],
  backpacks: ["#e2efd9", "#f6fbf2", "#8dbb73"],
  perfumery: ["#efe0f3", "#fbf5fd", "#b98acb"],
  kitchen: ["#fbe3d9", "#fff6f2", "#ee9b78"],
  cleaning: ["#dcf2e9", "#f3fcf8", "#69c4a0"],
  cooling: ["#dcecfa", "#f4f9fe", "#72aee6"],
  "personal-care": ["#f9e1e6", "#fff5f7", "#e890a4"],
  "small-appliances": ["#fcedd2", "#fffaf1", "#e8b05a"],
  laundry: ["#e0e7f4", "#f6f8fc", "#8ea3cc"],
};

// ---------------------------------------------------------------- helpers

const f = (v: number): string => String(Math.round(v * 10) / 10);
const at = (e: string): string => (e ? " " + e : "");

function hex(c: string): [number, number, number] {
  const h = c.replace("#", "");
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}
function mix(a: string, b: string, t: number): string {
  const x = hex(a);
  const y = hex(b);
  return (
    "#" +
    x
      .map((v, i) =>
        Math.round(v + ((y[i] ?? 0) - v) * t)
          .toString(16)
          .padStart(2, "0"),
      )
      .join("")
  );
}
const lt = (c: string, t = 0.35): string => mix(c, "#ffffff", t);
const dk = (c: string, t = 0.25): string => mix(c, "#000000", t);

// Gradients are collected per file and emitted in one <defs>.
let defs: string[] = [];
function grad(kind: "l" | "r", stops: [number, string][], attrs: string): string {
  const id = "g" + defs.length;
  const s = stops.map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`).join("");
  defs.push(kind === "l" ? `<linearGradient id="${id}" ${attrs}>${s}</linearGradient>` : `<radialGradient id="${id}" ${attrs}>${s}</radialGradient>`);
  return `url(#${id})`;
}
/** Vertical gradient, top to bottom. */
const vg = (a: string, b: string): string =>
  grad(
    "l",
    [
      [0, a],
      [1, b],
    ],
    'x2="0" y2="1"',
  );
/** Rounded-object shading: dark edge, light band left of centre, darker right edge. */
const cyl = (c: string): string =>
  grad(
    "l",
    [
      [0, dk(c, 0.12)],
      [0.3, lt(c, 0.28)],
      [0.65, c],
      [1, dk(c, 0.28)],
    ],
    'x2="1" y2="0"',
  );
/** Ball shading, light upper left. */
const ball = (a: string, b: string): string =>
  grad(
    "r",
    [
      [0, a],
      [1, b],
    ],
    'cx=".35" cy=".3" r=".75"',
  );

const R = (x: number, y: number, w: number, h: number, rx: number, fill: string, e = ""): string =>
  `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}"${rx ? ` rx="${f(rx)}"` : ""} fill="${fill}"${at(e)}/>`;
const C = (cx: number, cy: number, r: number, fill: string, e = ""): string =>
  `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${fill}"${at(e)}/>`;
const E = (cx: number, cy: number, rx: number, ry: number, fill: string, e = ""): string =>
  `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}"${at(e)}/>`;
const P = (d: string, fill: string, e = ""): string => `<path d="${d}" fill="${fill}"${at(e)}/>`;
/** Stroked open path with round ends. */
const S = (d: string, stroke: string, w: number, e = ""): string =>
  `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${f(w)}" stroke-linecap="round" stroke-linejoin="round"${at(e)}/>`;
/** Outline (stroke only) of a circle or ellipse. */
const O = (cx: number, cy: number, rx: number, ry: number, stroke: string, w: number, e = ""): string =>
  `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="none" stroke="${stroke}" stroke-width="${f(w)}"${at(e)}/>`;
const G = (transform: string, body: string): string => `<g transform="${transform}">${body}</g>`;
const op = (o: number): string => `opacity="${o}"`;
/** Soft floor shadow. */
const sh = (cx: number, cy: number, rx: number, ry = rx * 0.12): string => E(cx, cy, rx, ry, "#1b2a3a", op(0.13));
/** Glossy highlight streak. */
const gloss = (d: string, o = 0.35): string => P(d, "#fff", op(o));
/** Points of a regular polygon. */
function poly(cx: number, cy: number, r: number, n: number, rot = -90): string {
  const pts: string[] = [];
  for (let i = 0; i < n; i++) {
    const a = ((rot + (360 / n) * i) * Math.PI) / 180;
    pts.push(`${f(cx + r * Math.cos(a))} ${f(cy + r * Math.sin(a))}`);
  }
  return "M " + pts.join(" L ") + " Z";
}
const mirror = (body: string): string => G("matrix(-1 0 0 1 800 0)", body);

const INK = "#2b2d42";
const STEEL = "#adb5bd";
const GOLD = "#d4a017";

function frame(cat: Cat, body: string): string {
  const [bg, glow, accent] = PALETTE[cat];
  const b = defs.join("");
  defs = [];
  const deco =
    C(118, 128, 44, accent, op(0.16)) +
    C(690, 150, 22, accent, op(0.22)) +
    C(700, 640, 58, accent, op(0.12)) +
    O(96, 600, 20, 20, accent, 6, op(0.25));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">` +
    `<defs><radialGradient id="bg" cx=".5" cy=".45" r=".72"><stop offset="0" stop-color="${glow}"/>` +
    `<stop offset="1" stop-color="${bg}"/></radialGradient>${b}</defs>` +
    `<rect width="800" height="800" fill="url(#bg)"/>${deco}${body}</svg>\n`
  );
}

// ---------------------------------------------------------------- kitchen

function blender(c: string, drink: string): string {
  return (
    sh(400, 655, 175) +
    P("M 292 522 L 508 522 L 532 648 L 268 648 Z", cyl(c)) +
    C(400, 590, 30, "#fff", op(0.92)) +
    C(400, 590, 12, dk(c, 0.3)) +
    C(338, 590, 10, "#fff", op(0.8)) +
    C(462, 590, 10, "#fff", op(0.8)) +
    S("M 512 240 C 610 250 610 430 498 448", INK, 26) +
    P("M 285 200 L 515 200 L 490 496 L 310 496 Z", "#dff3fb", 'opacity=".55" stroke="#8fbfd3" stroke-width="6"') +
    P("M 299 330 Q 400 312 501 330 L 488 494 L 312 494 Z", drink, op(0.92)) +
    S("M 372 474 L 428 482 M 380 490 L 420 466", INK, 8) +
    S("M 312 260 L 334 260 M 315 300 L 337 300 M 318 340 L 340 340", "#fff", 5, op(0.9)) +
    gloss("M 452 220 L 478 220 L 460 470 L 448 470 Z", 0.5) +
    R(300, 494, 200, 32, 10, INK) +
    R(274, 180, 252, 30, 12, INK) +
    R(370, 156, 60, 28, 8, dk(INK, 0.2))
  );
}

function microwave(): string {
  return (
    sh(400, 598, 265) +
    R(150, 250, 500, 335, 28, vg("#f4f6f8", "#c3ccd5")) +
    R(178, 278, 336, 278, 16, "#2f3e4e") +
    R(202, 302, 288, 230, 10, vg("#4f7391", "#1c2a36")) +
    E(346, 492, 100, 20, "#7d9bb4", op(0.55)) +
    P("M 300 478 Q 346 420 392 478 Z", "#f0a35e") +
    E(346, 478, 46, 9, "#d98b45") +
    gloss("M 220 312 L 300 312 L 232 522 L 212 522 Z", 0.12) +
    R(498, 300, 10, 234, 5, "#9aa7b3") +
    R(530, 278, 96, 278, 12, "#e3e8ed") +
    R(546, 298, 64, 34, 6, "#1e2b35") +
    R(554, 310, 32, 10, 3, "#5be38a") +
    C(578, 388, 27, "#b7c2cc") +
    C(578, 388, 19, "#eef2f5") +
    S("M 578 388 L 578 372", "#6c757d", 5) +
    [0, 1, 2].map((i) => R(548, 440 + i * 34, 26, 20, 6, "#c5ced6") + R(582, 440 + i * 34, 26, 20, 6, "#c5ced6")).join("") +
    R(182, 580, 46, 14, 5, "#555") +
    R(572, 580, 46, 14, 5, "#555")
  );
}

function kettle(c: string): string {
  return (
    sh(400, 655, 165) +
    R(268, 612, 264, 36, 18, INK) +
    P("M 315 380 L 222 300 Q 210 292 214 308 L 300 430 Z", dk(c, 0.1)) +
    S("M 498 330 C 610 330 610 560 512 565", INK, 30) +
    P("M 300 300 C 290 420 268 560 285 614 L 515 614 C 532 560 510 420 500 300 Z", cyl(c)) +
    R(330, 380, 24, 176, 12, "#d6efff", op(0.9)) +
    R(330, 470, 24, 86, 12, "#5aa9e6") +
    gloss("M 450 330 Q 475 450 470 590 L 484 590 Q 490 450 462 330 Z", 0.4) +
    E(400, 300, 102, 24, dk(c, 0.25)) +
    R(378, 266, 44, 28, 9, INK)
  );
}

function espresso(c: string): string {
  return (
    sh(400, 655, 205) +
    R(250, 186, 300, 456, 30, cyl(c)) +
    R(238, 170, 324, 32, 12, INK) +
    C(318, 262, 17, INK) +
    C(318, 262, 7, "#5be38a") +
    C(372, 262, 17, INK) +
    C(470, 262, 36, "#fff") +
    O(470, 262, 36, 36, INK, 6) +
    S("M 470 262 L 490 244", "#e63946", 5) +
    R(284, 350, 232, 230, 16, INK) +
    R(350, 350, 100, 36, 8, "#8d99a6") +
    R(338, 384, 124, 28, 10, "#5c6773") +
    R(450, 390, 128, 18, 9, "#1b1d2a") +
    S("M 392 416 L 392 486 M 408 416 L 408 486", "#6f4e37", 6) +
    S("M 438 512 C 470 512 470 548 436 548", "#fff", 10) +
    P("M 358 494 L 442 494 L 434 556 Q 430 566 420 566 L 380 566 Q 370 566 366 556 Z", "#fff") +
    E(400, 498, 40, 8, "#6f4e37") +
    R(284, 568, 232, 18, 6, "#8d99a6") +
    S("M 528 376 L 546 376 L 546 500", "#8d99a6", 10)
  );
}

function airFryer(): string {
  const body = "#262e38";
  return (
    sh(400, 655, 185) +
    P("M 270 262 Q 270 200 332 200 L 468 200 Q 530 200 530 262 L 546 608 Q 546 642 514 642 L 286 642 Q 254 642 254 608 Z", cyl(body)) +
    R(330, 228, 140, 78, 18, "#11161c") +
    O(400, 267, 22, 22, "#ff9f1c", 6) +
    C(400, 267, 6, "#ff9f1c") +
    R(274, 388, 252, 234, 24, vg("#38434f", "#1d242c")) +
    R(300, 408, 200, 36, 12, "#0e1319") +
    R(318, 420, 164, 10, 5, "#ff7b00", op(0.7)) +
    R(344, 470, 112, 46, 16, "#46525f") +
    R(356, 500, 88, 50, 14, "#11161c") +
    gloss("M 282 220 Q 276 300 282 380 L 292 380 Q 288 300 296 220 Z", 0.18)
  );
}

// ---------------------------------------------------------------- cleaning

function canisterVacuum(c: string): string {
  return (
    sh(420, 648, 280) +
    R(140, 606, 190, 36, 16, INK) +
    R(150, 628, 170, 8, 4, "#6ee7ff") +
    S("M 236 610 L 418 262", "#b7c0c8", 18) +
    S("M 418 262 L 452 222", INK, 28) +
    S("M 455 226 C 560 250 400 400 360 470 C 330 530 380 575 440 560", "#6c757d", 26) +
    S("M 455 226 C 560 250 400 400 360 470 C 330 530 380 575 440 560", "#8d99a6", 26, 'stroke-dasharray="6 9"') +
    E(520, 560, 130, 86, cyl(c)) +
    E(520, 522, 104, 48, lt(c, 0.2)) +
    S("M 470 500 Q 520 440 570 500", INK, 14) +
    C(468, 618, 34, INK) +
    C(468, 618, 13, "#8d99a6") +
    gloss("M 420 540 Q 430 490 470 480 Q 440 500 432 550 Z", 0.35)
  );
}

function stickVacuum(c: string): string {
  return (
    sh(400, 652, 160) +
    P("M 290 612 Q 290 588 320 588 L 480 588 Q 510 588 510 614 L 510 640 L 290 640 Z", INK) +
    R(302, 624, 196, 6, 3, "#6ee7ff") +
    C(400, 590, 16, "#495057") +
    R(390, 330, 20, 262, 8, "#b7c0c8") +
    R(352, 176, 76, 168, 34, "#dff0f8", 'opacity=".85" stroke="#9cc2d4" stroke-width="5"') +
    R(364, 270, 52, 64, 20, "#b8a99a", op(0.7)) +
    S("M 470 172 C 566 150 580 310 484 336", INK, 24) +
    R(410, 160, 82, 100, 28, cyl(c)) +
    R(430, 250, 54, 100, 16, dk(c, 0.3)) +
    C(451, 190, 10, "#fff", op(0.8))
  );
}

function robotVacuum(c: string): string {
  return (
    sh(400, 568, 270, 38) +
    P("M 160 470 L 160 512 A 240 80 0 0 0 640 512 L 640 470 Z", "#1f2630") +
    E(400, 470, 240, 80, vg(lt(c, 0.15), dk(c, 0.2))) +
    P("M 172 490 A 230 72 0 0 0 628 490", "none", 'stroke="#11161c" stroke-width="8" opacity=".5"') +
    E(400, 448, 62, 22, "#11161c") +
    P("M 352 448 L 352 414 A 48 16 0 0 1 448 414 L 448 448 Z", "#2b2d42") +
    E(400, 414, 48, 16, "#495057") +
    E(400, 506, 16, 6, "#5be38a") +
    S("M 210 548 L 160 590 M 200 540 L 140 560 M 212 552 L 196 604", "#6c757d", 5) +
    gloss("M 230 440 Q 300 402 400 398 Q 300 412 246 450 Z", 0.3)
  );
}

function steamMop(c: string): string {
  return (
    sh(400, 662, 180) +
    C(240, 620, 24, "#fff", op(0.5)) +
    C(215, 596, 16, "#fff", op(0.4)) +
    C(560, 620, 24, "#fff", op(0.5)) +
    C(586, 598, 15, "#fff", op(0.4)) +
    P("M 262 612 L 538 612 L 560 648 L 240 648 Z", INK) +
    R(238, 644, 324, 16, 7, "#e9ecef") +
    C(400, 602, 16, "#495057") +
    R(388, 148, 24, 200, 10, "#b7c0c8") +
    R(366, 112, 68, 56, 22, INK) +
    R(362, 330, 76, 276, 36, cyl(c)) +
    R(378, 420, 44, 130, 22, "#d6f3ff") +
    R(378, 480, 44, 70, 22, "#7cc4f5")
  );
}

// ---------------------------------------------------------------- cooling

function splitAc(): string {
  const wave = (x: number): string => S(`M ${x} 448 q 26 22 0 44 q -26 22 0 44 q 26 22 0 44`, "#7cc4f5", 10, op(0.8));
  return (
    E(408, 418, 272, 16, "#1b2a3a", op(0.08)) +
    R(130, 250, 540, 170, 42, vg("#ffffff", "#dbe3ec")) +
    R(170, 380, 460, 22, 10, "#c5ced8") +
    S("M 176 352 L 624 352", "#e6ecf2", 6) +
    C(606, 296, 7, "#3ddc97") +
    R(540, 288, 50, 16, 6, "#cdd6df") +
    wave(260) +
    wave(400) +
    wave(540) +
    R(560, 530, 64, 130, 20, "#fff") +
    R(574, 546, 36, 22, 5, "#1e2b35") +
    C(578, 592, 7, "#72aee6") +
    C(606, 592, 7, "#72aee6") +
    C(578, 620, 7, "#c5ced8") +
    C(606, 620, 7, "#e63946")
  );
}

function standingFan(c: string): string {
  const blades = [0, 120, 240].map((a) => G(`rotate(${a} 400 300)`, E(400, 212, 56, 88, c, op(0.92)))).join("");
  return (
    sh(400, 664, 140) +
    E(400, 648, 120, 22, INK) +
    E(400, 640, 112, 18, "#495057") +
    R(388, 400, 24, 240, 8, vg("#f1f3f5", "#ced4da")) +
    E(400, 395, 46, 40, "#dee2e6") +
    blades +
    C(400, 300, 32, "#495057") +
    C(400, 300, 14, lt(c, 0.4)) +
    O(400, 300, 172, 172, "#9aa5b1", 9) +
    O(400, 300, 120, 120, "#9aa5b1", 3, op(0.6)) +
    S("M 400 128 L 400 472 M 228 300 L 572 300 M 278 178 L 522 422 M 278 422 L 522 178", "#9aa5b1", 3, op(0.45))
  );
}

function airCooler(c: string): string {
  const louvers = [0, 1, 2, 3, 4].map((i) => S(`M 318 ${272 + i * 21} L 482 ${272 + i * 21}`, "#aebccb", 7)).join("");
  const grille = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => S(`M ${322 + i * 22} 412 L ${322 + i * 22} 568`, "#b3c1cf", 6)).join("");
  return (
    sh(400, 660, 175) +
    C(292, 646, 16, INK) +
    C(508, 646, 16, INK) +
    R(260, 168, 280, 476, 36, cyl("#eef2f6")) +
    R(300, 192, 200, 42, 14, INK) +
    C(330, 213, 7, c) +
    C(356, 213, 7, "#6c757d") +
    C(382, 213, 7, "#6c757d") +
    R(300, 252, 200, 122, 14, "#f4f7fa") +
    louvers +
    R(300, 394, 200, 192, 14, "#dbe4ec") +
    grille +
    R(480, 596, 16, 34, 8, "#7cc4f5") +
    R(262, 604, 276, 10, 0, c)
  );
}

function towerFan(c: string): string {
  const slots = [0, 1, 2, 3, 4].map((i) => S(`M ${380 + i * 10} 240 L ${380 + i * 10} 544`, "#6c757d", 3)).join("");
  const air = (y: number): string => S(`M 478 ${y} q 40 -18 80 0 t 80 0`, "#7cc4f5", 8, op(0.7));
  return (
    sh(400, 666, 125) +
    E(400, 650, 110, 24, INK) +
    E(400, 640, 110, 24, "#495057") +
    R(345, 140, 110, 500, 55, cyl("#f1f3f5")) +
    R(368, 222, 64, 340, 30, "#343a40") +
    slots +
    C(382, 182, 9, c) +
    C(418, 182, 9, "#adb5bd") +
    air(300) +
    air(380) +
    air(460)
  );
}

function fridge(): string {
  return (
    sh(400, 668, 175) +
    R(280, 652, 24, 16, 4, "#495057") +
    R(496, 652, 24, 16, 4, "#495057") +
    R(260, 110, 280, 550, 26, cyl("#c8cfd6")) +
    R(260, 298, 280, 6, 0, "#8d99a6") +
    R(284, 196, 12, 84, 6, "#6c757d") +
    R(284, 330, 12, 150, 6, "#6c757d") +
    R(438, 336, 64, 44, 8, "#1e2b35") +
    R(448, 350, 30, 8, 3, "#72aee6") +
    gloss("M 470 126 L 500 126 L 430 640 L 400 640 Z", 0.18)
  );
}

// ---------------------------------------------------------------- personal care

function hairDryer(c: string): string {
  return (
    sh(400, 662, 150) +
    S("M 424 616 C 424 660 520 650 560 664", INK, 9) +
    P("M 388 320 L 474 320 L 458 598 Q 454 628 426 628 L 414 628 Q 386 628 384 598 Z", cyl(c)) +
    R(408, 400, 24, 46, 11, "#fff", op(0.9)) +
    R(408, 458, 24, 28, 11, dk(c, 0.2)) +
    P("M 256 236 L 176 258 L 176 326 L 256 348 Z", INK) +
    R(240, 224, 290, 136, 68, vg(lt(c, 0.3), dk(c, 0.15))) +
    C(530, 292, 92, dk(c, 0.18)) +
    C(530, 292, 66, INK) +
    O(530, 292, 44, 44, "#495057", 6) +
    O(530, 292, 22, 22, "#495057", 6) +
    gloss("M 280 240 L 470 240 Q 490 240 490 252 L 290 256 Q 270 256 280 240 Z", 0.45)
  );
}

function straightener(c: string, plate: string): string {
  const arm = (col: string): string => R(170, -30, 460, 60, 30, col) + R(182, -20, 200, 40, 14, plate) + C(560, 0, 8, "#5be38a");
  return (
    sh(400, 600, 240, 22) +
    S("M 650 440 C 710 480 700 580 630 600", INK, 9) +
    G("translate(0 440) rotate(-4 620 0)", arm(dk(c, 0.2))) +
    G("translate(0 430) rotate(9 620 0)", arm(c)) +
    C(626, 436, 34, INK) +
    C(626, 436, 14, "#6c757d")
  );
}

function shaver(c: string): string {
  const head = (x: number, y: number): string =>
    C(x, y, 46, "#9aa5b1") + C(x, y, 34, "#ced4da") + O(x, y, 24, 24, "#7d8793", 3) + O(x, y, 14, 14, "#7d8793", 3) + C(x, y, 6, "#6c757d");
  return (
    sh(400, 658, 115) +
    P("M 318 300 Q 318 262 360 252 L 440 252 Q 482 262 482 300 L 466 604 Q 460 642 420 642 L 380 642 Q 340 642 334 604 Z", cyl(INK)) +
    R(346, 300, 14, 300, 7, STEEL, op(0.6)) +
    C(400, 390, 22, c) +
    C(400, 390, 9, "#fff", op(0.9)) +
    C(400, 208, 118, vg("#e9ecef", "#b8c1ca")) +
    head(400, 150) +
    head(346, 242) +
    head(454, 242)
  );
}

function bathroomScale(c: string): string {
  return (
    sh(400, 600, 300, 40) +
    G("translate(400 520) scale(1 .5)", R(-235, -235, 470, 470, 64, dk(c, 0.35))) +
    G("translate(400 500) scale(1 .5)", R(-235, -235, 470, 470, 64, vg(lt(c, 0.45), c)) + R(-90, -200, 180, 70, 14, "#1e2b35")) +
    R(362, 412, 22, 10, 3, "#72aee6") +
    R(390, 412, 22, 10, 3, "#72aee6") +
    R(418, 412, 14, 10, 3, "#72aee6") +
    E(320, 520, 56, 34, "#fff", op(0.35)) +
    E(480, 520, 56, 34, "#fff", op(0.35)) +
    gloss("M 250 460 Q 300 420 400 410 Q 300 440 262 470 Z", 0.45)
  );
}

// ---------------------------------------------------------------- small appliances

function coffeeGrinder(c: string): string {
  const bean = (x: number, y: number, a: number): string =>
    G(`rotate(${a} ${x} ${y})`, E(x, y, 14, 10, "#6f4518") + S(`M ${x - 9} ${y} Q ${x} ${y - 4} ${x + 9} ${y}`, "#3d2410", 3));
  return (
    sh(400, 656, 130) +
    R(310, 330, 180, 314, 40, cyl(c)) +
    R(310, 352, 180, 16, 0, STEEL) +
    R(484, 420, 18, 54, 8, "#ced4da") +
    bean(350, 300, 20) +
    bean(390, 290, -30) +
    bean(430, 300, 40) +
    bean(370, 264, 70) +
    bean(415, 262, -10) +
    bean(395, 232, 30) +
    P("M 318 340 Q 318 196 400 190 Q 482 196 482 340 Z", "#e6f5fb", 'opacity=".55" stroke="#a9c7d6" stroke-width="5"') +
    gloss("M 340 320 Q 338 240 370 214 Q 350 250 352 320 Z", 0.6) +
    bean(560, 640, 15) +
    bean(596, 628, -40) +
    bean(248, 646, 60)
  );
}

function handBlender(c: string): string {
  return (
    sh(420, 662, 230) +
    P("M 432 380 L 604 380 L 592 640 L 444 640 Z", "#e8f5fd", op(0.55)) +
    P("M 438 470 Q 520 458 598 470 L 592 640 L 444 640 Z", "#f4a261", op(0.85)) +
    P("M 432 380 L 604 380 L 592 640 L 444 640 Z", "none", 'stroke="#9cc9e8" stroke-width="6"') +
    S("M 604 420 C 660 430 660 560 598 566", "#9cc9e8", 16) +
    R(272, 350, 46, 230, 14, vg("#e9ecef", "#adb5bd")) +
    P("M 252 562 L 338 562 L 354 624 Q 295 648 236 624 Z", STEEL) +
    R(248, 126, 94, 240, 47, cyl("#f8f9fa")) +
    R(282, 180, 26, 56, 13, c) +
    R(248, 330, 94, 20, 0, c)
  );
}

function citrusJuicer(c: string): string {
  const seg = [0, 60, 120, 180, 240, 300].map((a) => G(`rotate(${a} 628 592)`, S("M 628 592 L 628 540", "#ffb347", 4))).join("");
  return (
    sh(400, 660, 230) +
    P("M 248 520 Q 252 650 400 652 Q 548 650 552 520 Z", cyl("#f1f3f5")) +
    R(372, 604, 56, 14, 7, c) +
    E(400, 520, 160, 40, "#dee2e6") +
    E(400, 522, 140, 30, "#ffd166") +
    P("M 338 520 Q 400 350 462 520 Z", vg("#fff3bf", "#ffd43b")) +
    S("M 400 390 L 400 518 M 376 428 L 362 516 M 424 428 L 438 516", "#f2c230", 4) +
    C(160, 612, 50, ball("#ffb347", "#f77f00")) +
    P("M 160 562 Q 180 530 206 540 Q 186 566 160 562 Z", "#52b788") +
    C(628, 592, 68, "#f77f00") +
    C(628, 592, 56, "#ffe0b2") +
    seg +
    C(628, 592, 8, "#fff3e0")
  );
}

function sandwichMaker(c: string): string {
  const plate = "#3b3f46";
  const grooves = "#5c626b";
  return (
    sh(400, 652, 240) +
    R(226, 178, 348, 250, 44, dk(c, 0.15)) +
    R(248, 198, 304, 206, 26, plate) +
    S("M 248 198 L 400 404 L 552 198 M 400 198 L 400 404", grooves, 6) +
    R(372, 404, 56, 40, 8, INK) +
    R(170, 468, 460, 168, 44, vg(lt(c, 0.15), dk(c, 0.1))) +
    P("M 214 420 L 586 420 L 618 478 L 182 478 Z", plate) +
    S("M 214 420 L 400 478 L 586 420 M 400 420 L 400 478", grooves, 5) +
    gloss("M 200 500 Q 300 488 600 496 L 600 506 Q 300 498 200 512 Z", 0.3) +
    R(356, 530, 88, 46, 16, INK) +
    C(240, 598, 10, "#5be38a") +
    C(272, 598, 10, "#ff9f1c")
  );
}

// ---------------------------------------------------------------- laundry

function frontWasher(c: string): string {
  return (
    sh(400, 668, 205) +
    R(240, 652, 30, 14, 4, "#495057") +
    R(530, 652, 30, 14, 4, "#495057") +
    R(220, 140, 360, 520, 28, cyl("#f1f3f5")) +
    R(220, 232, 360, 4, 0, "#ced4da") +
    R(246, 164, 100, 46, 8, "#e2e7ec") +
    R(376, 168, 84, 40, 8, "#1e2b35") +
    R(386, 182, 40, 10, 3, "#5be38a") +
    C(522, 188, 26, "#ced4da") +
    C(522, 188, 16, "#f8f9fa") +
    C(400, 440, 142, "#c9d1d9") +
    C(400, 440, 120, STEEL) +
    C(400, 440, 102, ball("#d6ecff", "#3f6f99")) +
    P("M 310 470 Q 360 440 400 470 T 490 470 L 490 480 Q 470 540 400 542 Q 330 540 310 480 Z", "#8ec5ff", op(0.6)) +
    P("M 330 420 Q 370 380 420 408 Q 380 420 360 450 Z", c, op(0.85)) +
    P("M 420 470 Q 460 440 480 410 Q 470 470 430 500 Z", "#ffd166", op(0.8)) +
    S("M 332 380 A 100 100 0 0 1 420 346", "#fff", 10, op(0.5))
  );
}

function twinTub(c: string): string {
  const knob = (x: number): string => C(x, 380, 20, "#fff") + C(x, 380, 8, dk(c, 0.2));
  return (
    sh(400, 664, 250) +
    P("M 200 248 L 600 248 L 632 322 L 168 322 Z", "#dfe7ef") +
    P("M 222 256 L 384 256 L 392 312 L 200 312 Z", "#8ec5ff", op(0.7)) +
    P("M 416 256 L 578 256 L 600 312 L 408 312 Z", "#c5ced8") +
    gloss("M 236 262 L 300 262 L 270 306 L 222 306 Z", 0.4) +
    P("M 168 322 L 632 322 L 632 616 Q 632 644 604 644 L 196 644 Q 168 644 168 616 Z", vg("#ffffff", "#d7dfe8")) +
    R(168, 340, 464, 80, 0, c) +
    knob(220) +
    knob(290) +
    knob(510) +
    knob(580) +
    S("M 168 560 Q 300 520 400 560 T 632 560", lt(c, 0.4), 12, op(0.8)) +
    R(196, 640, 40, 14, 4, "#495057") +
    R(564, 640, 40, 14, 4, "#495057")
  );
}

function steamIron(c: string): string {
  return (
    sh(400, 606, 250, 20) +
    C(168, 548, 24, "#fff", op(0.6)) +
    C(140, 516, 18, "#fff", op(0.5)) +
    C(118, 480, 12, "#fff", op(0.4)) +
    S("M 628 500 C 690 500 700 580 740 600", INK, 9) +
    P(
      "M 320 412 Q 320 262 450 262 L 592 262 Q 634 262 634 304 L 634 412 Z M 384 402 Q 388 322 462 318 L 572 318 L 572 402 Z",
      dk(c, 0.2),
      'fill-rule="evenodd"',
    ) +
    P("M 152 560 Q 196 420 330 400 L 604 400 Q 636 400 636 432 L 636 560 Z", vg(lt(c, 0.2), dk(c, 0.1))) +
    P("M 260 450 Q 300 420 380 416 L 520 416 L 520 470 L 300 470 Z", "#fff", op(0.35)) +
    C(560, 470, 22, "#fff", op(0.9)) +
    C(560, 470, 8, dk(c, 0.3)) +
    P("M 144 560 L 640 560 L 640 586 L 170 586 Q 144 586 144 560 Z", vg("#e9ecef", "#9aa5b1"))
  );
}

function garmentSteamer(c: string): string {
  return (
    sh(400, 664, 150) +
    R(392, 160, 16, 380, 6, "#b7c0c8") +
    S("M 300 214 Q 400 160 500 214", "#6c757d", 12) +
    S("M 400 180 L 400 160 Q 400 144 414 146", "#6c757d", 8) +
    P("M 330 210 L 378 198 Q 400 226 422 198 L 470 210 L 508 258 L 472 276 L 466 420 L 334 420 L 328 276 L 292 258 Z", "#a9d6ff") +
    S("M 400 228 L 400 416", "#8ec0ec", 4) +
    S("M 476 548 C 620 520 600 390 512 360", "#6c757d", 14) +
    R(470, 250, 74, 128, 22, "#e9ecef") +
    R(476, 260, 14, 108, 7, STEEL) +
    R(300, 520, 200, 132, 42, cyl(c)) +
    R(326, 556, 22, 72, 11, "#d6f3ff") +
    R(326, 590, 22, 38, 11, "#7cc4f5")
  );
}

// ---------------------------------------------------------------- home equipment

function cookware(c: string): string {
  const specks = [
    [270, 470],
    [320, 520],
    [380, 450],
    [430, 560],
    [470, 490],
    [300, 590],
    [400, 600],
    [460, 420],
    [350, 400],
  ]
    .map(([x, y]) => C(x ?? 0, y ?? 0, 4, "#fff", op(0.35)))
    .join("");
  return (
    sh(420, 652, 260) +
    R(180, 382, 60, 24, 12, INK) +
    R(500, 382, 60, 24, 12, INK) +
    P("M 222 362 L 518 362 L 504 602 Q 500 632 470 632 L 270 632 Q 240 632 236 602 Z", cyl(c)) +
    specks +
    E(370, 362, 150, 26, dk(c, 0.4)) +
    E(370, 348, 160, 32, "#e6f1f7", 'opacity=".8" stroke="#adb5bd" stroke-width="5"') +
    R(344, 300, 52, 34, 12, INK) +
    R(676, 590, 110, 22, 11, "#8d6e63") +
    E(560, 606, 134, 36, dk(c, 0.2)) +
    E(560, 600, 116, 27, c) +
    E(560, 600, 96, 20, lt(c, 0.1))
  );
}

function dinnerSet(c: string): string {
  const plates = [0, 1, 2, 3, 4].map((i) => E(350, 610 - i * 16, 200, 50, "#fff", `stroke="#d5dde5" stroke-width="3"`)).join("");
  return (
    sh(400, 650, 270) +
    plates +
    O(350, 546, 160, 38, c, 6) +
    P("M 250 470 A 100 74 0 0 0 450 470 Z", vg("#ffffff", "#dde4eb")) +
    E(350, 470, 100, 22, "#f4f7fa", `stroke="${c}" stroke-width="6"`) +
    S("M 262 500 Q 350 540 438 500", c, 5, op(0.7)) +
    E(620, 630, 84, 18, "#fff", `stroke="#d5dde5" stroke-width="3"`) +
    S("M 656 560 C 700 560 700 610 654 608", "#fff", 14) +
    P("M 560 520 L 660 520 L 650 610 Q 646 626 630 626 L 590 626 Q 574 626 570 610 Z", vg("#ffffff", "#dde4eb")) +
    S("M 566 548 L 654 548", c, 6)
  );
}

function wallClock(c: string): string {
  const ticks = Array.from({ length: 12 }, (_, i) =>
    G(`rotate(${i * 30} 400 390)`, R(i % 3 === 0 ? 393 : 396, 200, i % 3 === 0 ? 14 : 8, i % 3 === 0 ? 36 : 22, 3, INK)),
  ).join("");
  return (
    C(414, 406, 232, "#1b2a3a", op(0.1)) +
    C(400, 390, 232, cyl(c)) +
    C(400, 390, 204, "#fffaf0") +
    ticks +
    S("M 400 390 L 470 300", INK, 14) +
    S("M 400 390 L 300 430", INK, 10) +
    S("M 400 390 L 400 226", "#e63946", 4) +
    C(400, 390, 16, INK) +
    C(400, 390, 6, "#e63946")
  );
}

function tableLamp(c: string): string {
  return (
    C(400, 380, 200, "#ffe8a3", op(0.35)) +
    sh(400, 660, 140) +
    E(400, 634, 86, 16, GOLD) +
    R(393, 320, 14, 140, 6, GOLD) +
    P("M 352 632 Q 296 560 338 482 Q 360 448 400 448 Q 440 448 462 482 Q 504 560 448 632 Z", cyl(c)) +
    gloss("M 352 500 Q 340 560 362 610 Q 336 560 352 500 Z", 0.4) +
    P("M 292 160 L 508 160 L 570 352 L 230 352 Z", vg("#fff6dd", "#f2cf7c")) +
    P("M 230 352 L 570 352 L 574 364 L 226 364 Z", "#e0b45a")
  );
}

// ---------------------------------------------------------------- electronics

function phoneFront(): string {
  const icons = Array.from({ length: 16 }, (_, i) => R(306 + (i % 4) * 50, 220 + Math.floor(i / 4) * 60, 36, 36, 10, "#fff", op(0.85))).join("");
  return (
    sh(400, 676, 150) +
    R(268, 120, 264, 544, 42, "#11161c") +
    R(282, 134, 236, 516, 32, vg("#7b2ff7", "#1fb6ff")) +
    C(460, 560, 90, "#fff", op(0.12)) +
    C(330, 480, 60, "#fff", op(0.1)) +
    icons +
    R(300, 580, 200, 52, 18, "#fff", op(0.25)) +
    C(400, 158, 8, "#000") +
    R(530, 250, 6, 70, 3, "#11161c")
  );
}

function phoneBack(c: string): string {
  const lens = (x: number, y: number): string => C(x, y, 24, "#11161c") + C(x, y, 14, "#2f3e4e") + C(x - 5, y - 5, 4, "#fff", op(0.7));
  return (
    sh(400, 676, 150) +
    R(268, 120, 264, 544, 42, vg(lt(c, 0.25), dk(c, 0.2))) +
    gloss("M 300 140 L 360 140 L 290 600 L 280 600 Z", 0.2) +
    R(294, 148, 118, 156, 30, dk(c, 0.35)) +
    lens(330, 190) +
    lens(330, 262) +
    lens(376, 226) +
    C(380, 176, 7, "#fff3bf") +
    R(532, 250, 6, 70, 3, dk(c, 0.3))
  );
}

function headphones(c: string): string {
  const side =
    R(214, 360, 36, 80, 10, STEEL) +
    E(232, 476, 66, 104, vg(lt(c, 0.2), dk(c, 0.2))) +
    E(276, 476, 34, 92, INK) +
    E(222, 450, 18, 40, "#fff", op(0.25));
  return (
    sh(400, 648, 220) +
    S("M 232 380 C 232 150 568 150 568 380", INK, 34) +
    S("M 262 300 C 290 200 510 200 538 300", "#495057", 12) +
    side +
    mirror(side)
  );
}

function smartTv(): string {
  return (
    sh(400, 612, 260) +
    P("M 196 520 L 176 598 L 204 598 L 232 520 Z", INK) +
    P("M 604 520 L 624 598 L 596 598 L 568 520 Z", INK) +
    R(106, 166, 588, 360, 16, "#11161c") +
    R(120, 180, 560, 332, 6, vg("#4361ee", "#f8961e")) +
    C(530, 344, 54, "#ffd166") +
    P("M 120 420 Q 240 330 360 410 T 680 380 L 680 512 L 120 512 Z", "#7209b7", op(0.8)) +
    P("M 120 460 Q 300 400 460 470 T 680 450 L 680 512 L 120 512 Z", "#3a0ca3") +
    gloss("M 140 190 L 260 190 L 170 500 L 130 500 Z", 0.08)
  );
}

function laptop(): string {
  const keys = [0, 1, 2]
    .map((i) => S(`M ${246 - i * 13} ${456 + i * 12} L ${554 + i * 13} ${456 + i * 12}`, "#8d99a6", 7, 'stroke-dasharray="14 6"'))
    .join("");
  return (
    sh(400, 548, 280) +
    R(208, 168, 384, 266, 18, "#2b2d42") +
    R(224, 184, 352, 232, 8, vg("#48cae4", "#023e8a")) +
    R(248, 208, 150, 100, 8, "#fff", op(0.85)) +
    R(414, 208, 140, 46, 8, "#fff", op(0.5)) +
    R(414, 266, 140, 42, 8, "#fff", op(0.35)) +
    R(248, 324, 306, 70, 8, "#fff", op(0.2)) +
    P("M 208 432 L 592 432 L 662 520 Q 664 536 646 536 L 154 536 Q 136 536 138 520 Z", vg("#e3e8ed", "#aeb8c2")) +
    P("M 238 446 L 562 446 L 600 496 L 200 496 Z", "#b9c2cb") +
    keys +
    P("M 360 502 L 440 502 L 444 526 L 356 526 Z", "#c5cdd5")
  );
}

function smartwatch(c: string): string {
  return (
    sh(400, 706, 120) +
    R(340, 96, 120, 220, 34, vg(lt(c, 0.15), c)) +
    R(340, 476, 120, 224, 34, vg(c, dk(c, 0.2))) +
    C(400, 600, 6, dk(c, 0.35)) +
    C(400, 636, 6, dk(c, 0.35)) +
    R(504, 340, 18, 44, 7, STEEL) +
    R(288, 248, 224, 296, 62, "#2b2d42") +
    R(304, 264, 192, 264, 48, "#000") +
    O(400, 396, 74, 74, "#ef476f", 14, 'stroke-dasharray="330 500" transform="rotate(-90 400 396)"') +
    O(400, 396, 52, 52, "#06d6a0", 14, 'stroke-dasharray="220 500" transform="rotate(-90 400 396)"') +
    O(400, 396, 30, 30, "#4cc9f0", 14, 'stroke-dasharray="150 500" transform="rotate(-90 400 396)"')
  );
}

// ---------------------------------------------------------------- accessories

function wristwatch(strap: string, dial: string): string {
  const ticks = Array.from({ length: 12 }, (_, i) =>
    G(`rotate(${i * 30} 400 400)`, R(396, 300, 8, i % 3 === 0 ? 24 : 12, 3, i % 3 === 0 ? GOLD : "#8d99a6")),
  ).join("");
  return (
    sh(400, 716, 110) +
    R(346, 96, 108, 240, 26, vg(lt(strap, 0.1), strap)) +
    R(346, 464, 108, 240, 26, vg(strap, dk(strap, 0.2))) +
    S("M 360 110 L 360 320 M 440 110 L 440 320 M 360 480 L 360 690 M 440 480 L 440 690", lt(strap, 0.45), 3, 'stroke-dasharray="8 7"') +
    C(400, 600, 7, dk(strap, 0.4)) +
    C(400, 640, 7, dk(strap, 0.4)) +
    R(526, 386, 20, 28, 5, GOLD) +
    C(400, 400, 132, cyl("#e9c46a")) +
    C(400, 400, 112, dial) +
    ticks +
    S("M 400 400 L 400 322", GOLD, 9) +
    S("M 400 400 L 460 432", GOLD, 7) +
    S("M 400 400 L 330 350", "#e63946", 3) +
    C(400, 400, 10, GOLD) +
    gloss("M 320 340 A 110 110 0 0 1 420 292 A 100 100 0 0 0 320 360 Z", 0.2)
  );
}

function sunglasses(frameC: string): string {
  const lens =
    P(
      "M 176 372 Q 176 348 200 348 L 368 348 Q 392 348 389 374 L 378 444 Q 368 500 300 500 L 262 500 Q 196 500 186 442 Z",
      vg("#3a5a7a", "#0b132b"),
      `stroke="${frameC}" stroke-width="14"`,
    ) +
    gloss("M 214 372 L 262 372 L 222 470 L 204 450 Z", 0.25) +
    S("M 170 366 L 112 352", frameC, 14);
  return sh(400, 560, 230, 16) + lens + mirror(lens) + S("M 386 378 Q 400 360 414 378", frameC, 14);
}

function wallet(c: string): string {
  return (
    sh(400, 574, 225) +
    R(200, 260, 400, 290, 30, dk(c, 0.25)) +
    G("rotate(-6 350 260)", R(244, 214, 230, 140, 14, "#4cc9f0") + R(244, 244, 230, 26, 0, "#2b2d42", op(0.5))) +
    G("rotate(4 450 260)", R(350, 224, 220, 130, 14, "#ffd166")) +
    R(200, 322, 400, 230, 30, vg(lt(c, 0.1), dk(c, 0.15))) +
    R(218, 340, 364, 194, 22, "none", `stroke="${lt(c, 0.5)}" stroke-width="4" stroke-dasharray="12 9"`) +
    gloss("M 220 336 L 580 336 L 580 346 L 220 350 Z", 0.18)
  );
}

function handbag(c: string): string {
  return (
    sh(400, 656, 235) +
    S("M 300 330 C 300 160 500 160 500 330", dk(c, 0.3), 24) +
    P("M 232 320 L 568 320 L 618 608 Q 624 642 590 642 L 210 642 Q 176 642 182 608 Z", cyl(c)) +
    P("M 232 320 L 568 320 L 558 432 Q 400 486 242 432 Z", dk(c, 0.15)) +
    R(378, 430, 44, 38, 8, GOLD) +
    C(400, 449, 8, dk(GOLD, 0.3)) +
    S("M 204 600 L 596 600", lt(c, 0.3), 4, 'stroke-dasharray="10 8"')
  );
}

// ---------------------------------------------------------------- pools

const WATER_TOP = "#9ae6f7";
const WATER_DEEP = "#1ba0d8";
const ripples = (cx: number, cy: number, w: number): string =>
  S(`M ${cx - w} ${cy} q ${w / 4} -12 ${w / 2} 0 t ${w / 2} 0 M ${cx - w / 3} ${cy + 30} q ${w / 4} -12 ${w / 2} 0 t ${w / 2} 0`, "#fff", 6, op(0.6));

function duck(x: number, y: number): string {
  return (
    E(x, y, 40, 26, "#ffd60a") + C(x + 22, y - 26, 20, "#ffd60a") + P(`M ${x + 38} ${y - 28} l 20 4 l -20 8 Z`, "#f77f00") + C(x + 26, y - 30, 4, INK)
  );
}

/** Round inflatable pool with stacked rings, from the smallest baby pool (2 rings) up. */
function ringPool(colors: string[], withDuck: boolean): string {
  const n = colors.length;
  const top = 560 - (n - 1) * 58;
  const ring = (y: number, col: string): string =>
    O(400, y, 250, 84, col, 58) + S(`M 150 ${y - 16} A 250 84 0 0 0 650 ${y - 16}`, "#fff", 8, op(0.35));
  return (
    sh(400, 688, 300, 30) +
    colors
      .slice(0, -1)
      .map((col, i) => ring(560 - i * 58, col))
      .join("") +
    E(400, top, 226, 64, vg(WATER_TOP, WATER_DEEP)) +
    ripples(400, top - 10, 120) +
    (withDuck ? duck(330, top + 6) : "") +
    ring(top, colors[n - 1] ?? "#1e88e5")
  );
}

/** Rectangular inflatable family pool, in perspective. */
function rectPool(a: string, b: string): string {
  const bands = [0, 1, 2].map((i) => R(86, 462 + i * 56, 628, 56, 28, i % 2 ? b : a)).join("");
  return (
    sh(400, 650, 340, 26) +
    bands +
    P("M 150 350 L 650 350 L 722 478 L 78 478 Z", a, `stroke="${dk(a, 0.15)}" stroke-width="4" stroke-linejoin="round"`) +
    P("M 190 372 L 610 372 L 664 458 L 136 458 Z", vg(WATER_TOP, WATER_DEEP)) +
    ripples(400, 408, 130) +
    S("M 150 350 L 650 350", "#fff", 6, op(0.4))
  );
}

/** Metal-frame pool, round or rectangular, with a ladder. */
function framePool(liner: string, round: boolean): string {
  if (round) {
    const legs = [-0.95, -0.7, -0.35, 0, 0.35, 0.7, 0.95]
      .map((t) => R(400 + 250 * t - 8, 376, 16, 226 + 70 * Math.sqrt(1 - t * t) - 4, 5, "#eef1f4"))
      .join("");
    return (
      sh(400, 664, 310, 34) +
      P("M 150 380 L 150 592 A 250 70 0 0 0 650 592 L 650 380 Z", cyl(liner)) +
      legs +
      E(400, 380, 250, 70, "#e9ecef") +
      E(400, 384, 234, 60, vg(WATER_TOP, WATER_DEEP)) +
      ripples(400, 380, 120) +
      O(400, 380, 250, 70, "#ced4da", 10) +
      S("M 640 300 L 700 640 M 690 300 L 740 640 M 652 380 L 706 380 M 664 460 L 718 460 M 676 540 L 730 540", "#8d99a6", 9)
    );
  }
  const legs = [96, 230, 400, 570, 704].map((x) => R(x - 8, 392, 16, 240, 5, "#eef1f4")).join("");
  return (
    sh(400, 660, 340, 28) +
    R(96, 400, 608, 230, 6, cyl(liner)) +
    legs +
    P("M 170 312 L 630 312 L 704 400 L 96 400 Z", "#e9ecef") +
    P("M 190 322 L 610 322 L 676 394 L 124 394 Z", vg(WATER_TOP, WATER_DEEP)) +
    ripples(400, 350, 130) +
    S("M 96 400 L 704 400 M 170 312 L 630 312", "#ced4da", 10)
  );
}

function filterPump(c: string): string {
  return (
    sh(400, 652, 200) +
    S("M 304 430 C 210 440 190 560 110 600", "#5fa8d3", 24) +
    S("M 304 430 C 210 440 190 560 110 600", "#3d8ab8", 24, 'stroke-dasharray="5 9"') +
    S("M 304 540 C 240 560 220 620 150 650", "#5fa8d3", 24) +
    R(270, 560, 260, 84, 20, INK) +
    R(300, 298, 200, 318, 30, cyl(c)) +
    R(300, 388, 200, 16, 0, "#1ba0d8") +
    E(400, 300, 100, 30, dk(c, 0.3)) +
    R(378, 254, 44, 44, 10, INK) +
    C(460, 480, 20, "#fff", op(0.9)) +
    C(460, 480, 8, "#e63946")
  );
}

function swimRing(c: string): string {
  return (
    E(400, 520, 330, 120, WATER_TOP, op(0.7)) +
    ripples(400, 600, 200) +
    E(400, 458, 236, 134, c) +
    O(400, 458, 180, 98, "#fff", 84, 'stroke-dasharray="74.4 74.4"') +
    E(400, 446, 92, 42, vg(WATER_DEEP, WATER_TOP)) +
    S("M 220 420 A 200 110 0 0 1 520 350", "#fff", 10, op(0.5))
  );
}

// ---------------------------------------------------------------- backpacks

type BagStyle = "school" | "laptop" | "kids" | "hiking" | "sport";

function backpack(c: string, accent: string, style: BagStyle): string {
  const d = dk(c, 0.25);
  let parts = sh(400, 670, 195);
  if (style === "kids") parts += C(292, 200, 40, d) + C(508, 200, 40, d) + C(292, 200, 22, accent) + C(508, 200, 22, accent);
  parts += S("M 268 270 C 204 340 212 520 252 604", d, 30) + S("M 532 270 C 596 340 588 520 548 604", d, 30);
  parts += S("M 360 186 Q 400 132 440 186", d, 16);
  parts += R(226, 430, 40, 160, 16, d) + R(534, 430, 40, 160, 16, d);
  const body =
    style === "laptop"
      ? "M 272 210 Q 272 176 306 176 L 494 176 Q 528 176 528 210 L 536 612 Q 536 650 498 650 L 302 650 Q 264 650 264 612 Z"
      : style === "hiking"
        ? "M 270 240 Q 270 150 400 148 Q 530 150 530 240 L 550 610 Q 550 652 508 652 L 292 652 Q 250 652 250 610 Z"
        : "M 262 252 Q 262 170 400 170 Q 538 170 538 252 L 554 602 Q 554 650 506 650 L 294 650 Q 246 650 246 602 Z";
  parts += P(body, cyl(c));
  if (style === "laptop") {
    parts += S("M 292 206 L 508 206", d, 6) + R(320, 300, 160, 8, 4, accent) + R(318, 430, 164, 170, 20, d) + S("M 340 452 L 460 452", accent, 6);
  } else if (style === "hiking") {
    parts +=
      P("M 270 240 Q 270 150 400 148 Q 530 150 530 240 L 530 262 Q 400 286 270 262 Z", accent) +
      R(300, 320, 200, 20, 6, d) +
      R(300, 520, 200, 20, 6, d) +
      R(318, 356, 164, 150, 24, dk(c, 0.12)) +
      S("M 330 380 L 470 380", accent, 6) +
      P("M 254 590 L 546 590 L 550 610 Q 550 652 508 652 L 292 652 Q 250 652 250 610 Z", accent);
  } else if (style === "sport") {
    parts +=
      S("M 278 262 Q 400 198 522 262", d, 6) +
      P("M 270 520 L 530 470 L 540 560 L 262 610 Z", accent) +
      R(316, 330, 168, 120, 24, dk(c, 0.12)) +
      S("M 332 352 L 468 352", lt(c, 0.5), 6);
  } else {
    parts +=
      S("M 278 268 Q 400 196 522 268", d, 6) +
      R(372, 228, 16, 30, 6, accent) +
      P("M 296 420 L 504 420 Q 528 420 528 446 L 528 590 Q 528 624 494 624 L 306 624 Q 272 624 272 590 L 272 446 Q 272 420 296 420 Z", accent) +
      S("M 286 452 L 514 452", dk(accent, 0.25), 6) +
      R(488, 446, 14, 30, 5, d);
    if (style === "kids") parts += C(360, 520, 12, INK) + C(440, 520, 12, INK) + S("M 372 560 Q 400 584 428 560", INK, 7);
  }
  return parts + gloss("M 292 240 Q 282 400 290 560 L 300 560 Q 294 400 306 232 Z", 0.22);
}

// ---------------------------------------------------------------- perfumery

function perfumeSquare(glass: string, cap: string): string {
  return (
    sh(400, 628, 150) +
    R(370, 262, 60, 44, 6, GOLD) +
    R(344, 162, 112, 108, 18, cyl(cap)) +
    R(284, 300, 232, 320, 30, vg(lt(glass, 0.2), dk(glass, 0.3))) +
    R(304, 380, 192, 222, 20, dk(glass, 0.2), op(0.6)) +
    R(340, 420, 120, 80, 10, "#fff", op(0.22)) +
    gloss("M 300 316 L 330 316 L 316 600 L 300 600 Z", 0.4)
  );
}

function perfumeRound(glass: string, cap: string): string {
  return (
    sh(400, 636, 160) +
    R(374, 282, 52, 46, 8, GOLD) +
    P(poly(400, 232, 64, 6), ball(lt(cap, 0.5), cap)) +
    C(400, 468, 160, ball(lt(glass, 0.55), dk(glass, 0.1))) +
    P("M 252 500 Q 400 560 548 500 A 160 160 0 0 1 252 500 Z", dk(glass, 0.15), op(0.5)) +
    gloss("M 300 380 Q 320 340 370 328 Q 330 360 316 404 Z", 0.6)
  );
}

function oudOil(glass: string): string {
  return (
    sh(400, 644, 110) +
    P("M 400 110 L 434 300 L 366 300 Z", vg("#f7e08a", GOLD)) +
    R(354, 294, 92, 42, 10, GOLD) +
    P(
      "M 372 336 Q 320 340 318 420 L 318 596 Q 318 640 362 640 L 438 640 Q 482 640 482 596 L 482 420 Q 480 340 428 336 Z",
      vg(lt(glass, 0.2), dk(glass, 0.3)),
    ) +
    S("M 318 430 L 482 430 M 318 560 L 482 560", GOLD, 8) +
    P(poly(400, 495, 30, 8, -22.5), "none", `stroke="${GOLD}" stroke-width="6"`) +
    gloss("M 334 440 L 350 440 L 350 550 L 334 550 Z", 0.45)
  );
}

function incenseBurner(c: string): string {
  const holes = [360, 400, 440].map((x) => C(x, 330, 7, dk(c, 0.45))).join("");
  return (
    S("M 400 210 C 370 170 430 140 400 100 C 380 74 410 56 420 40", "#adb5bd", 8, op(0.7)) +
    S("M 430 230 C 470 190 440 150 470 120", "#adb5bd", 6, op(0.5)) +
    sh(400, 652, 150) +
    P("M 280 640 L 520 640 L 480 560 L 320 560 Z", cyl(c)) +
    R(374, 470, 52, 96, 10, dk(c, 0.15)) +
    P("M 270 420 L 530 420 Q 520 490 400 494 Q 280 490 270 420 Z", cyl(c)) +
    P("M 290 420 Q 300 270 400 250 Q 500 270 510 420 Z", vg(lt(c, 0.25), c)) +
    holes +
    C(400, 244, 16, GOLD) +
    S("M 272 420 L 528 420", GOLD, 10) +
    S("M 290 560 L 510 560", GOLD, 8)
  );
}

function giftSet(box: string, glass: string): string {
  return (
    sh(420, 652, 270) +
    R(170, 400, 300, 244, 14, vg(lt(box, 0.1), dk(box, 0.15))) +
    R(300, 400, 40, 244, 0, GOLD) +
    R(170, 500, 300, 36, 0, GOLD) +
    P(
      "M 320 400 C 240 380 236 320 290 330 C 310 336 318 370 320 400 Z M 320 400 C 400 380 404 320 350 330 C 330 336 322 370 320 400 Z",
      GOLD,
      `stroke="${dk(GOLD, 0.2)}" stroke-width="5"`,
    ) +
    G("translate(330 256) scale(.62)", perfumeSquare(glass, "#1b1d2a"))
  );
}

// ---------------------------------------------------------------- toys

function rcCar(c: string): string {
  const wheel = (x: number): string => C(x, 540, 56, INK) + C(x, 540, 30, "#ced4da") + C(x, 540, 10, "#6c757d");
  return (
    sh(425, 600, 270, 22) +
    S("M 600 372 L 642 250", INK, 5) +
    C(642, 250, 10, "#e63946") +
    P("M 596 420 L 640 352 L 676 352 L 662 430 Z", dk(c, 0.3)) +
    P(
      "M 170 500 Q 170 442 230 432 L 322 420 Q 372 350 452 350 L 522 354 Q 572 360 612 420 L 642 430 Q 682 442 682 492 L 682 520 Q 682 540 662 540 L 190 540 Q 170 540 170 520 Z",
      vg(lt(c, 0.2), dk(c, 0.1)),
    ) +
    P("M 342 420 Q 382 372 446 368 L 510 372 Q 546 378 576 420 Z", vg("#d7ecff", "#7fb3e0")) +
    S("M 452 372 L 452 420", dk(c, 0.2), 8) +
    P("M 176 470 L 676 470 L 680 490 L 172 490 Z", "#fff", op(0.85)) +
    R(174, 448, 26, 16, 6, "#ffd166") +
    wheel(282) +
    wheel(572)
  );
}

function blocks(): string {
  const brick = (x: number, y: number, w: number, c: string): string => {
    const n = Math.round(w / 70);
    let s = "";
    for (let i = 0; i < n; i++) {
      const sx = x + (w / n) * (i + 0.5);
      s += R(sx - 22, y - 22, 44, 26, 6, dk(c, 0.1)) + E(sx, y - 22, 22, 8, lt(c, 0.25));
    }
    return s + R(x, y, w, 90, 8, vg(c, dk(c, 0.12))) + R(x, y + 72, w, 18, 8, dk(c, 0.2), op(0.5));
  };
  return (
    sh(400, 630, 280) +
    brick(166, 530, 280, "#e63946") +
    brick(454, 530, 210, "#1e88e5") +
    brick(236, 438, 280, "#ffd60a") +
    brick(524, 438, 140, "#43aa8b") +
    brick(306, 346, 210, "#f3722c") +
    G("rotate(-12 640 300)", brick(600, 290, 140, "#9b5de5"))
  );
}

function teddy(c: string): string {
  const l = lt(c, 0.35);
  return (
    sh(400, 672, 175) +
    G("rotate(28 280 480)", E(280, 480, 44, 82, c)) +
    G("rotate(-28 520 480)", E(520, 480, 44, 82, c)) +
    E(400, 522, 128, 140, c) +
    E(400, 548, 80, 92, l) +
    E(314, 628, 62, 44, c) +
    E(486, 628, 62, 44, c) +
    E(300, 634, 30, 24, l) +
    E(500, 634, 30, 24, l) +
    C(300, 226, 46, c) +
    C(500, 226, 46, c) +
    C(300, 226, 26, l) +
    C(500, 226, 26, l) +
    C(400, 318, 122, ball(lt(c, 0.15), c)) +
    E(400, 358, 56, 42, l) +
    E(400, 338, 20, 14, "#3d2b1f") +
    S("M 400 350 Q 400 374 378 380 M 400 350 Q 400 374 422 380", "#3d2b1f", 5) +
    C(356, 298, 12, INK) +
    C(444, 298, 12, INK) +
    P("M 400 438 L 344 412 L 344 464 Z M 400 438 L 456 412 L 456 464 Z", "#e63946") +
    C(400, 438, 12, "#c1121f")
  );
}

function doll(dress: string): string {
  const skin = "#f6d1a8";
  return (
    sh(400, 684, 135) +
    P("M 300 270 Q 300 160 400 160 Q 500 160 500 270 L 512 440 L 288 440 Z", "#6f4518") +
    S("M 352 420 L 300 540 M 448 420 L 500 540", skin, 22) +
    R(366, 640, 24, 32, 10, skin) +
    R(410, 640, 24, 32, 10, skin) +
    E(376, 674, 24, 12, dress) +
    E(424, 674, 24, 12, dress) +
    P("M 340 400 L 460 400 L 540 644 Q 400 672 260 644 Z", vg(lt(dress, 0.2), dress)) +
    R(340, 440, 120, 18, 8, "#fff", op(0.8)) +
    R(384, 344, 32, 60, 10, skin) +
    C(400, 276, 86, skin) +
    P("M 314 270 Q 320 188 400 186 Q 480 188 486 270 Q 440 226 400 240 Q 360 226 314 270 Z", "#6f4518") +
    C(366, 286, 10, INK) +
    C(434, 286, 10, INK) +
    C(348, 314, 14, "#f4978e", op(0.6)) +
    C(452, 314, 14, "#f4978e", op(0.6)) +
    S("M 380 320 Q 400 336 420 320", "#c9184a", 5) +
    P("M 470 200 L 510 176 L 506 222 Z M 470 200 L 440 170 L 440 216 Z", dress)
  );
}

function bicycle(c: string): string {
  const wheel = (x: number): string =>
    O(x, 520, 100, 100, INK, 18) +
    S(`M ${x - 90} 520 L ${x + 90} 520 M ${x} 430 L ${x} 610 M ${x - 64} 456 L ${x + 64} 584 M ${x - 64} 584 L ${x + 64} 456`, "#adb5bd", 3) +
    C(x, 520, 12, "#6c757d");
  return (
    sh(410, 640, 280, 24) +
    wheel(244) +
    wheel(566) +
    C(150, 604, 26, "none", `stroke="${INK}" stroke-width="8"`) +
    S("M 150 604 L 220 560", "#6c757d", 6) +
    S("M 244 520 L 372 384 L 536 384 L 566 520 M 244 520 L 420 520 L 372 384 M 420 520 L 536 384", c, 18) +
    S("M 372 384 L 354 322 M 566 520 L 520 290", c, 16) +
    P("M 310 318 Q 350 300 392 316 Q 360 332 310 318 Z", INK, `stroke="${INK}" stroke-width="10" stroke-linejoin="round"`) +
    S("M 520 290 L 488 276 M 520 290 L 562 268", INK, 14) +
    O(420, 520, 28, 28, "#6c757d", 8) +
    S("M 420 520 L 448 552", INK, 8) +
    P("M 534 300 L 622 300 L 610 366 L 546 366 Z", "#e9c46a") +
    S("M 538 322 L 618 322 M 542 344 L 614 344 M 560 300 L 566 366 M 590 300 L 588 366", "#c8a24a", 4)
  );
}

function football(): string {
  const c = [0, 72, 144, 216, 288];
  const pent = (r: number): string => P(poly(400, 410, r, 5), INK);
  const outer = c.map((a) => G(`rotate(${a} 400 410)`, P(poly(400, 240, 58, 5, 90), INK))).join("");
  const seams = c.map((a) => G(`rotate(${a} 400 410)`, S("M 400 350 L 400 298", INK, 5))).join("");
  return (
    sh(400, 622, 160) +
    `<clipPath id="ball"><circle cx="400" cy="410" r="190"/></clipPath>` +
    C(400, 410, 190, ball("#ffffff", "#cfd6de")) +
    `<g clip-path="url(#ball)">${outer}</g>` +
    pent(62) +
    seams +
    O(400, 410, 190, 190, "#9aa5b1", 4)
  );
}

function kite(): string {
  const bow = (x: number, y: number, col: string): string => P(`M ${x} ${y} l -22 -14 l 0 28 Z M ${x} ${y} l 22 -14 l 0 28 Z`, col);
  return (
    S("M 400 560 C 360 610 450 640 400 690 C 370 720 420 740 420 760", INK, 4) +
    bow(392, 620, "#e63946") +
    bow(408, 690, "#ffd60a") +
    P("M 400 120 L 400 330 L 250 330 Z", "#e63946") +
    P("M 400 120 L 550 330 L 400 330 Z", "#ffd60a") +
    P("M 250 330 L 400 330 L 400 560 Z", "#1e88e5") +
    P("M 400 330 L 550 330 L 400 560 Z", "#43aa8b") +
    S("M 400 120 L 400 560 M 250 330 L 550 330", "#6f4518", 6)
  );
}

function xylophone(): string {
  const cols = ["#e63946", "#f3722c", "#ffd60a", "#43aa8b", "#1e88e5", "#5a4fcf", "#b5179e"];
  const bars = cols
    .map(
      (c, i) =>
        R(210 + i * 56, 300 + i * 14, 44, 260 - i * 28, 10, vg(lt(c, 0.15), c)) +
        C(232 + i * 56, 330 + i * 14, 5, "#fff") +
        C(232 + i * 56, 530 - i * 14, 5, "#fff"),
    )
    .join("");
  return (
    sh(400, 640, 270) +
    S("M 190 330 L 620 390 M 190 540 L 620 480", "#8d6e63", 22) +
    bars +
    S("M 560 600 L 690 520", "#c8a27a", 10) +
    C(690, 520, 20, "#e63946") +
    S("M 520 630 L 660 590", "#c8a27a", 10) +
    C(660, 590, 20, "#1e88e5")
  );
}

// ---------------------------------------------------------------- books and school

type Art = "moon" | "globe" | "dict" | "sun";

function bookCover(c: string, art: Art): string {
  let a: string;
  if (art === "moon") {
    a =
      C(420, 300, 56, "#ffd166") +
      C(446, 284, 50, c) +
      P(poly(310, 250, 12, 5), "#ffd166") +
      P(poly(340, 340, 8, 5), "#ffd166") +
      P(
        "M 300 560 L 300 470 Q 340 410 380 470 L 380 560 Z M 390 560 L 390 380 L 400 350 L 410 380 L 410 560 Z M 420 560 L 420 480 Q 450 440 480 480 L 480 560 Z",
        "#ffd166",
        op(0.9),
      );
  } else if (art === "globe") {
    a =
      C(388, 380, 96, "#4cc9f0") +
      P(
        "M 330 330 Q 360 300 390 320 Q 400 350 370 360 Q 350 390 330 370 Z M 400 400 Q 440 380 460 410 Q 450 450 420 460 Q 400 440 400 400 Z M 410 300 Q 440 300 450 330 Q 430 340 410 320 Z",
        "#52b788",
      ) +
      O(388, 380, 96, 96, "#fff", 6) +
      S("M 280 380 L 496 380", "#fff", 3, op(0.6));
  } else if (art === "dict") {
    // Arabic-French: the Algerian and French flags, one above the other.
    a =
      R(284, 262, 100, 104, 0, "#006233") +
      R(384, 262, 100, 104, 0, "#fff") +
      P("M 396 288 A 30 30 0 1 0 396 342 A 30 30 0 0 1 396 288 Z", "#d21034") +
      P(poly(410, 315, 11, 5), "#d21034") +
      R(284, 384, 67, 104, 0, "#0055a4") +
      R(351, 384, 66, 104, 0, "#fff") +
      R(417, 384, 67, 104, 0, "#ef4135");
  } else {
    a =
      C(388, 350, 60, "#ffd166") +
      [0, 45, 90, 135, 180, 225, 270, 315].map((r) => G(`rotate(${r} 388 350)`, S("M 388 270 L 388 248", "#ffd166", 10))).join("") +
      P("M 276 560 Q 340 470 400 530 T 498 500 L 498 600 L 276 600 Z", "#52b788");
  }
  return (
    sh(400, 656, 170) +
    R(480, 168, 34, 476, 8, "#f3f1ea") +
    S("M 488 190 L 488 620 M 498 190 L 498 620", "#d9d4c7", 3) +
    R(250, 156, 254, 484, 14, vg(lt(c, 0.12), dk(c, 0.12))) +
    R(250, 156, 28, 484, 10, dk(c, 0.25)) +
    a +
    R(300, 196, 176, 22, 11, "#fff", op(0.9)) +
    R(330, 230, 116, 14, 7, "#fff", op(0.6))
  );
}

function notebooks(): string {
  const nb = (c: string): string =>
    R(-120, -170, 240, 340, 14, c) +
    S([0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => `M -70 ${-110 + i * 30} L 96 ${-110 + i * 30}`).join(" "), "#fff", 4, op(0.35)) +
    S("M -118 -156 L -118 160", "#8d99a6", 16, 'stroke-dasharray="9 14"') +
    R(-40, -130, 120, 36, 8, "#fff", op(0.85));
  return (
    sh(400, 640, 260) +
    G("translate(300 420) rotate(-14)", nb("#1e88e5")) +
    G("translate(400 410) rotate(-2)", nb("#43aa8b")) +
    G("translate(500 420) rotate(12)", nb("#e63946"))
  );
}

function paintBox(): string {
  const cols = ["#e63946", "#f3722c", "#ffd60a", "#43aa8b", "#1e88e5", "#5a4fcf", "#b5179e", "#6f4518", "#2b2d42", "#f4978e", "#90be6d", "#4cc9f0"];
  const pans = cols.map((c, i) => R(196 + (i % 6) * 70, 452 + Math.floor(i / 6) * 80, 56, 64, 10, c)).join("");
  return (
    sh(400, 650, 290) +
    P("M 186 250 L 614 250 L 614 420 L 186 420 Z", vg("#f1f3f5", "#c9d1d9")) +
    R(206, 270, 388, 130, 8, "#fff") +
    R(176, 420, 448, 210, 16, vg("#e9ecef", "#adb5bd")) +
    R(188, 440, 424, 176, 10, "#fff") +
    pans +
    G("rotate(-28 520 330)", R(380, 322, 260, 14, 7, "#c8a27a") + R(630, 318, 40, 22, 4, STEEL) + P("M 670 318 Q 720 329 670 340 Z", INK))
  );
}

function bookStack(): string {
  const book = (y: number, x: number, w: number, c: string): string =>
    R(x, y, w, 56, 8, c) + R(x + w - 22, y + 6, 16, 44, 4, "#f3f1ea") + R(x + 24, y + 20, w * 0.4, 14, 7, "#fff", op(0.7));
  return (
    sh(400, 654, 250) +
    book(590, 190, 420, "#1d3557") +
    book(534, 214, 380, "#e63946") +
    book(478, 200, 400, "#2a9d8f") +
    book(422, 230, 350, "#e9c46a") +
    book(366, 210, 380, "#6a4c93") +
    P("M 430 366 L 430 318 L 446 334 L 462 318 L 462 366 Z", "#e63946")
  );
}

function pencils(): string {
  const cols = ["#e63946", "#f3722c", "#ffd60a", "#43aa8b", "#1e88e5", "#5a4fcf", "#b5179e"];
  const p = (c: string): string =>
    R(-16, -160, 32, 300, 4, c) +
    P("M -16 -160 L 16 -160 L 0 -214 Z", "#f4d9b0") +
    P("M -6 -196 L 6 -196 L 0 -214 Z", c) +
    R(-16, 120, 32, 30, 0, STEEL);
  return (
    sh(400, 656, 230) +
    cols.map((c, i) => G(`translate(400 520) rotate(${(i - 3) * 12}) translate(0 -120)`, p(c))).join("") +
    R(240, 500, 320, 150, 24, vg("#1d3557", "#0f1f33"))
  );
}

// ---------------------------------------------------------------- registry

/** File name (without .svg) -> category background and drawing. */
const DRAWINGS: Record<string, [Cat, () => string]> = {
  "kitchen-blender": ["kitchen", () => blender("#e4572e", "#f7a072")],
  "kitchen-blender-black": ["kitchen", () => blender("#3d405b", "#a3d977")],
  "kitchen-microwave": ["kitchen", microwave],
  "kitchen-kettle": ["kitchen", () => kettle("#3a86ff")],
  "kitchen-kettle-cream": ["kitchen", () => kettle("#e9d8a6")],
  "kitchen-espresso": ["kitchen", () => espresso("#c0c7cf")],
  "kitchen-air-fryer": ["kitchen", airFryer],

  "cleaning-canister-vacuum": ["cleaning", () => canisterVacuum("#e63946")],
  "cleaning-stick-vacuum": ["cleaning", () => stickVacuum("#7b2cbf")],
  "cleaning-robot-vacuum": ["cleaning", () => robotVacuum("#495057")],
  "cleaning-steam-mop": ["cleaning", () => steamMop("#06a77d")],

  "cooling-split-ac": ["cooling", splitAc],
  "cooling-standing-fan": ["cooling", () => standingFan("#4cc9f0")],
  "cooling-air-cooler": ["cooling", () => airCooler("#4895ef")],
  "cooling-tower-fan": ["cooling", () => towerFan("#4895ef")],
  "cooling-fridge": ["cooling", fridge],

  "personal-care-hair-dryer": ["personal-care", () => hairDryer("#ff6fa8")],
  "personal-care-straightener": ["personal-care", () => straightener("#1d3557", "#e76f51")],
  "personal-care-shaver": ["personal-care", () => shaver("#00b4d8")],
  "personal-care-scale": ["personal-care", () => bathroomScale("#cfe3f0")],

  "small-appliances-coffee-grinder": ["small-appliances", () => coffeeGrinder("#343a40")],
  "small-appliances-hand-blender": ["small-appliances", () => handBlender("#e63946")],
  "small-appliances-citrus-juicer": ["small-appliances", () => citrusJuicer("#f77f00")],
  "small-appliances-sandwich-maker": ["small-appliances", () => sandwichMaker("#e5383b")],

  "laundry-front-washer": ["laundry", () => frontWasher("#e63946")],
  "laundry-twin-tub": ["laundry", () => twinTub("#457b9d")],
  "laundry-steam-iron": ["laundry", () => steamIron("#7209b7")],
  "laundry-garment-steamer": ["laundry", () => garmentSteamer("#2ec4b6")],

  "home-equipment-cookware": ["home-equipment", () => cookware("#4a4e69")],
  "home-equipment-dinner-set": ["home-equipment", () => dinnerSet("#3d5a80")],
  "home-equipment-wall-clock": ["home-equipment", () => wallClock("#8d6e63")],
  "home-equipment-table-lamp": ["home-equipment", () => tableLamp("#2a9d8f")],

  "electronics-phone-front": ["electronics", phoneFront],
  "electronics-phone-back": ["electronics", () => phoneBack("#5e60ce")],
  "electronics-headphones": ["electronics", () => headphones("#ef476f")],
  "electronics-headphones-black": ["electronics", () => headphones("#343a40")],
  "electronics-smart-tv": ["electronics", smartTv],
  "electronics-laptop": ["electronics", laptop],
  "electronics-smartwatch": ["electronics", () => smartwatch("#118ab2")],

  "accessories-watch": ["accessories", () => wristwatch("#8b5e34", "#fdf6e3")],
  "accessories-sunglasses": ["accessories", () => sunglasses("#2b2d42")],
  "accessories-wallet": ["accessories", () => wallet("#7f4f24")],
  "accessories-handbag": ["accessories", () => handbag("#b5179e")],
  "accessories-handbag-beige": ["accessories", () => handbag("#c9a27e")],

  "pools-kids-ring-pool": ["pools", () => ringPool(["#1e88e5", "#ffffff", "#1e88e5"], true)],
  "pools-kids-ring-pool-pink": ["pools", () => ringPool(["#f472b6", "#ffe066", "#f472b6"], false)],
  "pools-baby-pool": ["pools", () => ringPool(["#43aa8b", "#ffd60a"], true)],
  "pools-family-rect-blue": ["pools", () => rectPool("#1e88e5", "#90caf9")],
  "pools-family-rect-green": ["pools", () => rectPool("#2a9d8f", "#a7e8d8")],
  "pools-frame-round-blue": ["pools", () => framePool("#3a86c8", true)],
  "pools-frame-round-grey": ["pools", () => framePool("#7d8b99", true)],
  "pools-frame-rect": ["pools", () => framePool("#3a86c8", false)],
  "pools-filter-pump": ["pools", () => filterPump("#6c757d")],
  "pools-swim-ring": ["pools", () => swimRing("#ff595e")],

  "backpacks-school-navy": ["backpacks", () => backpack("#1d3557", "#f4a261", "school")],
  "backpacks-school-red": ["backpacks", () => backpack("#d62828", "#fcbf49", "school")],
  "backpacks-school-purple": ["backpacks", () => backpack("#6a4c93", "#f15bb5", "school")],
  "backpacks-school-yellow": ["backpacks", () => backpack("#f4b400", "#1d3557", "school")],
  "backpacks-kids-pink": ["backpacks", () => backpack("#f472b6", "#fde2e4", "kids")],
  "backpacks-kids-blue": ["backpacks", () => backpack("#4cc9f0", "#fff3b0", "kids")],
  "backpacks-laptop-black": ["backpacks", () => backpack("#2b2d42", "#8d99ae", "laptop")],
  "backpacks-laptop-grey": ["backpacks", () => backpack("#6c757d", "#2ec4b6", "laptop")],
  "backpacks-hiking-green": ["backpacks", () => backpack("#386641", "#f77f00", "hiking")],
  "backpacks-hiking-brown": ["backpacks", () => backpack("#7f5539", "#ddb892", "hiking")],
  "backpacks-sport-black": ["backpacks", () => backpack("#22223b", "#e63946", "sport")],
  "backpacks-sport-teal": ["backpacks", () => backpack("#118ab2", "#ffffff", "sport")],

  "perfumery-men-perfume": ["perfumery", () => perfumeSquare("#5c3d2e", "#1b1d2a")],
  "perfumery-women-perfume": ["perfumery", () => perfumeRound("#f497b6", GOLD)],
  "perfumery-oud-oil": ["perfumery", () => oudOil("#7a3e12")],
  "perfumery-incense-burner": ["perfumery", () => incenseBurner("#6d3b47")],
  "perfumery-gift-set": ["perfumery", () => giftSet("#5a189a", "#3a5a7a")],

  "toys-rc-car": ["toys", () => rcCar("#e63946")],
  "toys-rc-car-blue": ["toys", () => rcCar("#1e88e5")],
  "toys-blocks": ["toys", blocks],
  "toys-teddy-bear": ["toys", () => teddy("#c68b59")],
  "toys-doll": ["toys", () => doll("#f72585")],
  "toys-bicycle": ["toys", () => bicycle("#ff006e")],
  "toys-football": ["toys", football],
  "toys-kite": ["toys", kite],
  "toys-xylophone": ["toys", xylophone],

  "books-prophets-stories": ["books", () => bookCover("#1b4965", "moon")],
  "books-story-sun": ["books", () => bookCover("#f28482", "sun")],
  "books-atlas": ["books", () => bookCover("#1d3557", "globe")],
  "books-dictionary": ["books", () => bookCover("#bc4749", "dict")],
  "books-notebooks": ["books", notebooks],
  "books-watercolors": ["books", paintBox],
  "books-novels": ["books", bookStack],
  "books-pencils": ["books", pencils],
};

function main(): void {
  mkdirSync(OUT_DIR, { recursive: true });
  const wanted = new Set(Object.keys(DRAWINGS).map((n) => n + ".svg"));
  for (const file of readdirSync(OUT_DIR)) {
    if (file.endsWith(".svg") && !wanted.has(file)) unlinkSync(join(OUT_DIR, file));
  }
  let total = 0;
  for (const [name, [cat, draw]] of Object.entries(DRAWINGS)) {
    const svg = frame(cat, draw());
    const bytes = Buffer.byteLength(svg);
    if (bytes > MAX_BYTES) throw new Error(`${name}.svg is ${bytes} bytes, over ${MAX_BYTES}`);
    if (/<text|href=|https?:/.test(svg.replace('xmlns="http://www.w3.org/2000/svg"', ""))) {
      throw new Error(`${name}.svg contains text or an external reference`);
    }
    writeFileSync(join(OUT_DIR, name + ".svg"), svg);
    total += bytes;
  }
  console.log(`wrote ${wanted.size} SVGs to ${OUT_DIR} (${Math.round(total / 1024)} KB)`);
}

main();
