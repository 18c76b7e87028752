// Draws the seed illustrations: no photograph can be fetched where the seed content is made, so each
// image is a flat landscape drawn from a motif and a seed. The ministry's photographs replace them
// through the same pipeline (npm run media:import).
// It belongs to the domain, not beside the seed tooling in scripts/seed-media/: the running site draws a
// picture whenever an item has no photograph (domain/content/images.ts, called by every content load and
// by the workspace's editing service when an editor publishes), so the drawing is part of what the site serves.
import type { MOTIFS } from "../content/schema.ts";

export type Motif = (typeof MOTIFS)[number];
export const WIDTH = 1600;
const HEIGHT = 1000;
const GROUND = 780;

/** A small deterministic random generator (mulberry32) so the same seed always draws the same picture. */
export function randomFrom(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SKIES = [
  { top: "#1d4e89", bottom: "#f6c177", sun: "#ffe8a3", far: "#c28f6a", near: "#8a5a3b", stone: "#e7c9a0", shade: "#b98b5e" }, // golden hour
  { top: "#2a9fd6", bottom: "#cfeefc", sun: "#fff6cf", far: "#9ab7a3", near: "#6f8f5e", stone: "#efe2c8", shade: "#c9b48c" }, // midday
  { top: "#3b1c5a", bottom: "#f08a5d", sun: "#ffd29d", far: "#7d4e6d", near: "#4e2f48", stone: "#f3c39a", shade: "#b87a63" }, // dusk
  { top: "#0f3057", bottom: "#7fc8e8", sun: "#fdfbe3", far: "#5d8aa8", near: "#3a6073", stone: "#dfe6e9", shade: "#a4b0b5" }, // coast morning
];
type Palette = (typeof SKIES)[number];
/** The light of each of SKIES, in order: what a picture's alt text says about its sky. */
export const SKY_NAMES = ["golden", "midday", "dusk", "morning"] as const;
export type Sky = (typeof SKY_NAMES)[number];

/** The sky a seed's picture is drawn with: the first draw of its random sequence, as in illustrate(). */
export function skyOf(seed: string): Sky {
  return SKY_NAMES[Math.floor(randomFrom(seed)() * SKIES.length)];
}

const rect = (x: number, y: number, w: number, h: number, fill: string, extra = "") =>
  `<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="${w.toFixed(0)}" height="${h.toFixed(0)}" fill="${fill}"${extra}/>`;
const circle = (x: number, y: number, r: number, fill: string) =>
  `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${r.toFixed(0)}" fill="${fill}"/>`;
const path = (d: string, fill: string, extra = "") => `<path d="${d}" fill="${fill}"${extra}/>`;

function dome(x: number, base: number, r: number, fill: string) {
  return path(`M${x - r},${base} A${r},${r * 1.1} 0 0 1 ${x + r},${base} Z`, fill) + rect(x - r * 1.05, base, r * 2.1, 10, fill);
}
function arches(x: number, y: number, count: number, w: number, h: number, fill: string, hole: string) {
  let s = rect(x, y, count * w, h, fill);
  for (let i = 0; i < count; i++) {
    const cx = x + i * w + w / 2;
    const r = w * 0.32;
    s += path(`M${cx - r},${y + h} V${y + h * 0.45} A${r},${r} 0 0 1 ${cx + r},${y + h * 0.45} V${y + h} Z`, hole);
  }
  return s;
}
function column(x: number, top: number, h: number, w: number, p: Palette) {
  return (
    rect(x - w * 0.7, top - 14, w * 1.4, 14, p.stone) +
    rect(x - w / 2, top, w, h, p.stone) +
    rect(x - w / 2 + w * 0.55, top, w * 0.18, h, p.shade)
  );
}
function crenellated(x: number, y: number, w: number, h: number, fill: string) {
  let s = rect(x, y, w, h, fill);
  for (let cx = x; cx < x + w - 10; cx += 36) s += rect(cx, y - 22, 20, 22, fill);
  return s;
}
function trees(rand: () => number, count: number, fill: string) {
  let s = "";
  for (let i = 0; i < count; i++) {
    const x = rand() * WIDTH,
      h = 60 + rand() * 80;
    s += rect(x - 5, GROUND - h * 0.4, 10, h * 0.4, "#5b4030") + circle(x, GROUND - h * 0.55, h * 0.35, fill);
  }
  return s;
}
function waves(y: number, color: string, rand: () => number) {
  let s = rect(0, y, WIDTH, HEIGHT - y, color);
  for (let i = 0; i < 14; i++) {
    const wy = y + 20 + rand() * (HEIGHT - y - 40),
      wx = rand() * WIDTH;
    s += path(`M${wx},${wy} q30,-14 60,0 t60,0`, "none", ` stroke="#ffffff" stroke-opacity="0.5" stroke-width="5"`);
  }
  return s;
}

const DRAW: Record<Motif, (p: Palette, r: () => number) => string> = {
  colonnade: (p, r) => {
    let s = "";
    const n = 7 + Math.floor(r() * 4);
    for (let i = 0; i < n; i++) s += column(140 + i * (1320 / n), 420 + (i % 3) * 6, GROUND - 420, 46, p);
    return s + rect(100, 392, 1400, 30, p.stone);
  },
  theatre: (p) => {
    let s = "";
    for (let i = 0; i < 7; i++)
      s += path(
        `M${200 + i * 40},${GROUND - i * 45} A${600 - i * 40},${260 - i * 20} 0 0 1 ${1400 - i * 40},${GROUND - i * 45} L${1400 - i * 40},${GROUND - i * 45 + 12} L${200 + i * 40},${GROUND - i * 45 + 12} Z`,
        i % 2 ? p.stone : p.shade,
      );
    return s + arches(500, GROUND - 170, 6, 100, 170, p.stone, p.shade);
  },
  citadel: (p) =>
    path(`M150,${GROUND} L420,520 L1180,520 L1450,${GROUND} Z`, p.shade) +
    crenellated(420, 340, 760, 190, p.stone) +
    crenellated(700, 250, 180, 280, p.stone) +
    arches(740, 420, 1, 100, 110, p.stone, p.near),
  castle: (p) =>
    path(`M0,${GROUND} L300,560 L1300,560 L1600,${GROUND} Z`, p.near) +
    crenellated(380, 380, 840, 190, p.stone) +
    crenellated(330, 300, 120, 270, p.stone) +
    crenellated(1150, 300, 120, 270, p.stone) +
    crenellated(740, 240, 140, 160, p.shade),
  // Two square minarets with pyramid caps: the minarets of Syria's great mosques are square, not round.
  mosque: (p) =>
    rect(300, 520, 1000, GROUND - 520, p.stone) +
    dome(800, 520, 170, p.shade) +
    [405, 1170]
      .map(
        (x) =>
          rect(x - 30, 280, 60, 240, p.stone) +
          rect(x - 38, 268, 76, 14, p.shade) +
          path(`M${x - 34},268 L${x},218 L${x + 34},268 Z`, p.shade),
      )
      .join("") +
    arches(330, 600, 9, 104, GROUND - 600, p.stone, p.shade),
  church: (p) =>
    rect(420, 480, 700, GROUND - 480, p.stone) +
    path(`M400,480 L770,330 L1140,480 Z`, p.shade) +
    rect(1040, 240, 130, GROUND - 240, p.stone) +
    path(`M1030,240 L1105,160 L1180,240 Z`, p.shade) +
    rect(1100, 110, 10, 50, p.shade) +
    rect(1085, 125, 40, 10, p.shade) +
    arches(470, 600, 5, 120, GROUND - 600, p.stone, p.near),
  monastery: (p) =>
    path(`M0,${GROUND} L0,420 L500,360 L900,460 L1600,380 L1600,${GROUND} Z`, p.far) +
    rect(520, 250, 420, 220, p.stone) +
    rect(860, 180, 70, 290, p.stone) +
    dome(640, 252, 60, p.shade) +
    arches(540, 360, 4, 100, 110, p.stone, p.shade),
  souq: (p) =>
    path(`M0,200 Q800,40 1600,200 L1600,260 Q800,110 0,260 Z`, p.shade) +
    rect(0, 250, 220, GROUND - 250, p.stone) +
    rect(1380, 250, 220, GROUND - 250, p.stone) +
    arches(220, 300, 6, 193, GROUND - 300, p.stone, p.near) +
    path(`M700,${GROUND} L760,330 L840,330 L900,${GROUND} Z`, p.bottom, ` opacity="0.7"`),
  "old-street": (p, r) => {
    let s = "";
    for (let i = 0; i < 6; i++) {
      const h = 260 + r() * 200;
      s +=
        rect(i * 270, GROUND - h, 250, h, i % 2 ? p.stone : p.shade) +
        rect(i * 270 + 40, GROUND - h + 50, 60, 80, p.near) +
        rect(i * 270 + 150, GROUND - h + 50, 60, 80, p.near) +
        rect(i * 270 + 20, GROUND - h - 20, 210, 24, p.near);
    }
    return s;
  },
  sea: (p, r) => waves(560, "#2d7fb8", r) + path(`M0,560 L0,470 L300,500 L520,560 Z`, p.near),
  beach: (_p, r) =>
    waves(560, "#3a9bd5", r) +
    path(`M0,${GROUND - 60} Q800,${GROUND - 140} 1600,${GROUND - 60} L1600,${HEIGHT} L0,${HEIGHT} Z`, "#f1d7a6") +
    trees(r, 3, "#3f7d4e"),
  mountains: (p, r) =>
    path(`M0,${GROUND} L250,360 L480,560 L760,260 L1040,520 L1300,330 L1600,600 L1600,${GROUND} Z`, p.near) +
    path(`M700,330 L760,260 L820,330 Z`, "#ffffff", ` opacity="0.8"`) +
    trees(r, 14, "#2f6b3f"),
  river: (_p, r) =>
    path(`M0,${GROUND} Q400,${GROUND - 80} 800,${GROUND - 40} T1600,${GROUND - 60} L1600,${HEIGHT} L0,${HEIGHT} Z`, "#3c8dbc") +
    trees(r, 10, "#3f7d4e"),
  waterwheel: (p) => {
    let s = circle(800, 470, 300, "none").replace('fill="none"', `fill="none" stroke="${p.near}" stroke-width="28"`);
    for (let a = 0; a < 16; a++) {
      const t = (a / 16) * Math.PI * 2;
      s += path(
        `M800,470 L${(800 + Math.cos(t) * 300).toFixed(0)},${(470 + Math.sin(t) * 300).toFixed(0)}`,
        "none",
        ` stroke="${p.near}" stroke-width="12"`,
      );
    }
    return (
      arches(1080, 420, 4, 130, GROUND - 420, p.stone, p.shade) +
      s +
      circle(800, 470, 40, p.near) +
      rect(0, GROUND - 30, WIDTH, 60, "#3c8dbc")
    );
  },
  desert: (_p) =>
    path(`M0,${GROUND - 80} Q400,${GROUND - 220} 800,${GROUND - 100} T1600,${GROUND - 120} L1600,${HEIGHT} L0,${HEIGHT} Z`, "#e2b77c") +
    path(`M0,${GROUND} Q500,${GROUND - 120} 1000,${GROUND - 20} T1600,${GROUND} L1600,${HEIGHT} L0,${HEIGHT} Z`, "#d39e5d"),
  ruins: (p, r) => {
    let s = "";
    for (let i = 0; i < 8; i++) {
      const h = 120 + r() * 300;
      s += column(150 + i * 185, GROUND - h, h, 44, p);
    }
    return s + rect(300, GROUND - 40, 300, 40, p.shade) + rect(980, GROUND - 30, 220, 30, p.shade);
  },
  village: (p, r) => {
    let s = path(`M0,${GROUND} L0,500 Q800,380 1600,520 L1600,${GROUND} Z`, p.far);
    for (let i = 0; i < 14; i++) {
      const x = 60 + r() * 1440,
        y = 470 + r() * 220;
      s += rect(x, y, 80 + r() * 60, 70, p.stone) + rect(x + 20, y + 20, 18, 22, p.near);
    }
    return s;
  },
  // A gallery inside: any museum, whatever its building looks like.
  museum: (p) =>
    rect(0, 0, WIDTH, GROUND, p.stone) +
    rect(0, GROUND - 40, WIDTH, 40, p.shade) +
    rect(0, GROUND, WIDTH, HEIGHT - GROUND, p.near) +
    [160, 620, 1080]
      .map(
        (x) =>
          rect(x, 430, 360, 270, "#d6ecf2", ` opacity="0.55"`) +
          rect(x, 700, 360, 80, p.shade) +
          path(`M${x + 90},690 q-40,-60 0,-120 l20,0 q40,60 0,120 Z`, "#b5653a") +
          path(`M${x + 240},690 q-30,-50 0,-90 l14,0 q30,40 0,90 Z`, "#8a5a3b"),
      )
      .join("") +
    rect(1500, 620, 70, 160, p.shade) +
    rect(1510, 470, 50, 150, "#cfc6b4"),
  station: (p) =>
    rect(260, 300, 1080, 360, p.stone) +
    path(`M240,300 L800,200 L1360,300 Z`, p.shade) +
    circle(800, 250, 34, "#ffffff") +
    [0, 1, 2, 3, 4, 5].map((i) => path(`M${330 + i * 170},600 V470 A45,45 0 0 1 ${420 + i * 170},470 V600 Z`, p.near)).join("") +
    rect(0, GROUND - 24, WIDTH, 10, "#555555") +
    rect(0, GROUND - 8, WIDTH, 10, "#555555") +
    rect(300, GROUND - 190, 380, 130, "#2b2b2b") +
    rect(620, GROUND - 260, 170, 200, "#3a3a3a") +
    rect(340, GROUND - 260, 50, 70, "#2b2b2b") +
    [380, 500, 620, 740].map((x) => circle(x, GROUND - 50, 42, "#1f1f1f") + circle(x, GROUND - 50, 14, "#8a8a8a")).join(""),
  soap: (_p) =>
    [200, 560, 920, 1280]
      .map((x, i) =>
        Array.from({ length: 7 - (i % 2) }, (_, row) =>
          [0, 1, 2].map((col) => rect(x + col * 42, GROUND - 46 - row * 46, 38, 40, row % 2 ? "#c9a85a" : "#a89040")).join(""),
        ).join(""),
      )
      .join(""),
  palace: (p) =>
    rect(200, 380, 1200, GROUND - 380, p.stone) +
    arches(240, 440, 7, 160, 260, p.stone, p.shade) +
    rect(200, 380, 1200, 20, p.shade) +
    circle(800, GROUND - 20, 110, "#3c8dbc") +
    rect(790, GROUND - 110, 20, 90, p.stone),
  khan: (p) =>
    rect(250, 330, 1100, GROUND - 330, p.stone) +
    [0, 1, 2].map((i) => dome(520 + i * 280, 332, 110, p.shade)).join("") +
    arches(300, 480, 8, 125, GROUND - 480, p.stone, p.near) +
    [0, 1, 2, 3, 4, 5, 6, 7].map((i) => rect(250, 360 + i * 40, 1100, 8, p.shade, ` opacity="0.5"`)).join(""),
  hammam: (p, r) => {
    let s = rect(260, 480, 1080, GROUND - 480, p.stone) + dome(560, 482, 200, p.shade) + dome(1050, 482, 150, p.shade);
    for (let i = 0; i < 18; i++) s += circle(420 + r() * 280, 360 + r() * 100, 10, "#ffe9a8");
    return s + arches(300, 600, 8, 125, GROUND - 600, p.stone, p.near);
  },
  crafts: (p, r) => {
    let s = rect(0, 560, WIDTH, 40, p.near);
    for (let i = 0; i < 9; i++) {
      const x = 120 + i * 160,
        h = 110 + r() * 90;
      s += path(
        `M${x - 40},560 Q${x - 70},${560 - h * 0.6} ${x - 22},${560 - h} L${x + 22},${560 - h} Q${x + 70},${560 - h * 0.6} ${x + 40},560 Z`,
        i % 2 ? p.shade : "#2f6f8f",
      );
    }
    return s + rect(0, 600, WIDTH, GROUND - 600, p.stone);
  },
  hotel: (p) => {
    let s = rect(420, 240, 760, GROUND - 240, p.stone);
    for (let y = 290; y < GROUND - 80; y += 90) for (let x = 470; x < 1130; x += 110) s += rect(x, y, 60, 56, p.top, ` opacity="0.8"`);
    return s + rect(720, GROUND - 110, 160, 110, p.near);
  },
  restaurant: (p, r) => {
    let s = rect(0, 420, WIDTH, 40, p.shade);
    for (let i = 0; i < 6; i++)
      s += path(`M${160 + i * 260},460 l0,60`, "none", ` stroke="${p.near}" stroke-width="4"`) + circle(160 + i * 260, 540, 26, "#ffd27a");
    for (let i = 0; i < 4; i++) {
      const x = 220 + i * 360;
      s +=
        rect(x, GROUND - 110, 200, 16, p.near) +
        rect(x + 90, GROUND - 94, 20, 94, p.near) +
        circle(x + 60 + r() * 80, GROUND - 126, 16, "#c0392b");
    }
    return s;
  },
  garden: (p, r) =>
    trees(r, 16, "#3f7d4e") +
    circle(800, GROUND - 10, 140, "#3c8dbc") +
    rect(790, GROUND - 140, 20, 130, p.stone) +
    circle(800, GROUND - 150, 26, "#bfe6f7"),
  tower: (p) =>
    rect(680, 200, 240, GROUND - 200, p.stone) +
    crenellated(660, 200, 280, 40, p.stone) +
    rect(760, 320, 60, 90, p.near) +
    path(`M0,${GROUND} L0,600 L1600,640 L1600,${GROUND} Z`, p.far),
  tomb: (p, r) => {
    let s = path(`M0,${GROUND} L0,520 L400,420 L800,520 L1200,400 L1600,520 L1600,${GROUND} Z`, p.far);
    for (let i = 0; i < 5; i++) {
      const x = 140 + i * 300,
        h = 240 + r() * 150;
      s += rect(x, GROUND - h, 120, h, p.stone) + rect(x + 40, GROUND - h + 40, 40, 60, p.near);
    }
    return s;
  },
  gate: (p) =>
    rect(400, 280, 800, GROUND - 280, p.stone) +
    path(`M680,${GROUND} V500 A120,120 0 0 1 920,500 V${GROUND} Z`, p.near) +
    path(`M470,${GROUND} V600 A60,60 0 0 1 590,600 V${GROUND} Z`, p.near) +
    path(`M1010,${GROUND} V600 A60,60 0 0 1 1130,600 V${GROUND} Z`, p.near) +
    rect(380, 260, 840, 24, p.shade),
  bridge: (p) =>
    rect(0, GROUND - 40, WIDTH, 80, "#3c8dbc") +
    rect(0, 470, WIDTH, 40, p.near) +
    [0, 1, 2, 3].map((i) => arches(100 + i * 370, 510, 1, 330, GROUND - 530, p.stone, "#3c8dbc")).join(""),
};

export function illustrate(motif: Motif, seed: string): string {
  const rand = randomFrom(seed);
  const p = SKIES[Math.floor(rand() * SKIES.length)];
  const sunX = 200 + rand() * 1200;
  const hills = `M0,${GROUND} L0,${560 + rand() * 60} Q400,${480 + rand() * 80} 800,${560 + rand() * 40} T1600,${540 + rand() * 60} L1600,${GROUND} Z`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.top}"/><stop offset="1" stop-color="${p.bottom}"/></linearGradient></defs>` +
    rect(0, 0, WIDTH, HEIGHT, "url(#sky)") +
    circle(sunX, 200 + rand() * 120, 80, p.sun) +
    path(hills, p.far, ` opacity="0.8"`) +
    rect(0, GROUND, WIDTH, HEIGHT - GROUND, p.near) +
    DRAW[motif](p, rand) +
    `</svg>`
  );
}
