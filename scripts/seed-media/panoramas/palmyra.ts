// Palmyra: beside the Great Colonnade at golden hour.
import { randomFrom } from "../../../domain/media/illustrate.ts";
import {
  add,
  backdrop,
  bb,
  bump,
  circleSh,
  EYE,
  harmonics,
  merlonsSh,
  type P2,
  type Pano,
  type Rnd,
  panoSvg,
  polyS,
  rad,
  rectSh,
  scatter,
  type V3,
  wall,
  wallDist,
} from "./drawing.ts";

const stone = "#ecc996",
  shade = "#c08f5c",
  dark = "#7a5237";
const axis = 26; // the colonnaded street runs along x = 26, the viewer stands among the ruins beside it
const castleAz = -58,
  castleD = 700,
  castleEl = 7.2;

const column = (s: Pano, x: number, y: number, h = 8.9) =>
  bb(s, x, y, rectSh(-0.68, 0.68, 0, 0.55), shade) +
  bb(s, x, y, rectSh(-0.44, 0.44, 0.55, h), stone) +
  bb(s, x, y, rectSh(0.14, 0.44, 0.55, h), shade) +
  bb(s, x, y, rectSh(-0.95, -0.44, h * 0.63, h * 0.63 + 0.5), shade) +
  bb(
    s,
    x,
    y,
    [
      [-0.44, h],
      [0.44, h],
      [0.74, h + 0.7],
      [-0.74, h + 0.7],
    ],
    stone,
  );

/** One side's portico: runs of standing columns under their architrave, gaps where columns fell. */
function porticoColumns(s: Pano, rnd: Rnd, side: number) {
  const x = axis + 5.6 * side;
  let run: number[] = [];
  const flush = () => {
    if (run.length >= 3) {
      const y0 = run[0] - 1.2,
        y1 = run[run.length - 1] + 1.2;
      const d = Math.min(...run.map((yy) => Math.hypot(x, yy))) - 0.01;
      add(
        s,
        d,
        polyS(
          s,
          [
            [x, y0, 9.6],
            [x, y1, 9.6],
            [x, y1, 11],
            [x, y0, 11],
          ],
          stone,
        ) +
          polyS(
            s,
            [
              [x, y0, 9.6],
              [x, y1, 9.6],
              [x, y1, 10],
              [x, y0, 10],
            ],
            shade,
          ),
      );
    }
    run = [];
  };
  for (let y = -260; y <= 420; y += 3.4) {
    if (rnd() < (Math.abs(y) < 40 ? 0.1 : 0.27)) {
      flush();
      if (rnd() > 0.4)
        add(
          s,
          Math.hypot(x - 1.5, y + 1),
          bb(s, x - 1.5, y + 1, rectSh(-0.9, 0.9, 0, 0.8), shade) + bb(s, x - 1.5, y + 1, circleSh(0.9, 0.4, 0.4), "#d8b07c"),
        );
      continue;
    }
    add(s, Math.hypot(x, y), column(s, x, y));
    run.push(y);
    if (rnd() < 0.3) flush();
  }
  flush();
}

// Low ruined walls of the shops behind the porticoes.
function shopWalls(s: Pano, rnd: Rnd, side: number) {
  for (let y = -260; y < 420; y += 6) {
    const a: P2 = [axis + 12.5 * side, y],
      b: P2 = [axis + 12.5 * side, y + 6],
      h0 = 0.4 + rnd() * 1.8,
      h1 = 0.4 + rnd() * 1.8;
    if (rnd() < 0.25) continue;
    add(
      s,
      wallDist(a, b) + 0.5,
      wall(
        s,
        a,
        b,
        [
          [0, 0],
          [6, 0],
          [6, h1],
          [0, h0],
        ],
        "#c39461",
      ) +
        wall(
          s,
          a,
          b,
          [
            [0, h0 - 0.25],
            [6, h1 - 0.25],
            [6, h1],
            [0, h0],
          ],
          "#e2bd88",
        ),
    );
  }
}

// Other ruins on the plain: lone columns, broken walls, and blocks close by.
function plainRuins(s: Pano, rnd: Rnd) {
  for (let i = 0; i < 90; i++) {
    const a = rad(-180 + rnd() * 360),
      d = 30 + rnd() * 260,
      x = d * Math.sin(a),
      y = d * Math.cos(a);
    if (Math.abs(x - axis) < 18 || (a > rad(95) && d > 110)) continue;
    const kind = rnd();
    if (kind < 0.4) add(s, d, column(s, x, y, 4 + rnd() * 5));
    else if (kind < 0.55 && d > 60) {
      // A pair of columns still carrying a piece of architrave.
      add(
        s,
        d,
        column(s, x, y, 8.9) +
          column(s, x + 3.2 * (y / d), y - 3.2 * (x / d), 8.9) +
          bb(s, x, y, rectSh(-0.9, 4.1, 9.6, 11), stone) +
          bb(s, x, y, rectSh(-0.9, 4.1, 9.6, 10), shade),
      );
    } else
      add(
        s,
        d,
        bb(
          s,
          x,
          y,
          [
            [-5, 0],
            [5, 0],
            [5, 1.2 + rnd() * 2],
            [1, 0.9],
            [-2, 1.6 + rnd()],
            [-5, 1.4 + rnd() * 2],
          ],
          "#c8996a",
        ) + bb(s, x, y, rectSh(-5, 5, 0, 0.4), "#b98b5e"),
      );
  }
}
function nearBlocks(s: Pano, rnd: Rnd) {
  scatter(
    s,
    rnd,
    { count: 14, near: 4, spread: 12, size: 0.4, sizeSpread: 0.5 },
    (x, y, w) =>
      bb(
        s,
        x,
        y,
        [
          [-w, 0],
          [w, 0],
          [w, w * 0.9],
          [-w, w * 0.8],
        ],
        "#c08f5c",
      ) +
      bb(
        s,
        x,
        y,
        [
          [-w, w * 0.8],
          [w, w * 0.9],
          [w * 0.8, w * 1.05],
          [-w * 0.9, w * 0.95],
        ],
        "#e4c28f",
      ),
  );
}

// Palm groves of the oasis.
function oasis(s: Pano) {
  add(
    s,
    420,
    polyS(
      s,
      Array.from({ length: 61 }, (_, i) => {
        const a = rad(96 + i * 1.4);
        return [400 * Math.sin(a), 400 * Math.cos(a), 2.5 + Math.sin(i * 1.7) * 1] as V3;
      }).concat(
        Array.from({ length: 61 }, (_, i) => {
          const a = rad(180 - i * 1.4);
          return [400 * Math.sin(a), 400 * Math.cos(a), 0] as V3;
        }),
      ),
      "#4c6f3b",
    ),
  );
}
function palms(s: Pano, rnd: Rnd) {
  for (let i = 0; i < 150; i++) {
    const a = rad(100 + rnd() * 76),
      d = 70 + rnd() * 320,
      h = 8 + rnd() * 6;
    const x = d * Math.sin(a),
      y = d * Math.cos(a);
    let g = bb(
      s,
      x,
      y,
      [
        [-0.35, 0],
        [0.35, 0],
        [0.52, h],
        [0.08, h],
      ],
      "#6b4d33",
    );
    for (let k = 0; k < 8; k++) {
      const t = Math.PI * (0.05 + (k / 7) * 0.9),
        len = 3.4 + rnd() * 1.2,
        droop = k === 0 || k === 7 ? -1.6 : -0.4 + Math.sin(t) * 1.6;
      g += bb(
        s,
        x,
        y,
        [
          [0.3, h],
          [0.3 + Math.cos(t) * len * 0.55, h + droop * 0.5 + 0.5],
          [0.3 + Math.cos(t) * len, h + droop],
          [0.3 + Math.cos(t) * len * 0.5, h + droop * 0.5 - 0.2],
        ],
        k % 2 ? "#3f6a38" : "#557f44",
      );
    }
    add(s, d, g);
  }
}

// The medieval castle on its hill above the ruins.
function castle(s: Pano) {
  const a = rad(castleAz),
    x = castleD * Math.sin(a),
    y = castleD * Math.cos(a),
    base = Math.tan(rad(castleEl - 0.2)) * castleD + EYE;
  let g = bb(s, x, y, rectSh(-36, 36, base - 4, base + 18), "#dcaa72") + bb(s, x, y, rectSh(8, 36, base - 4, base + 18), "#b07c4d");
  for (const u of [-40, -16, 10, 36])
    g +=
      bb(s, x, y, rectSh(u - 5, u + 5, base - 5, base + 27), "#dcaa72") +
      bb(s, x, y, rectSh(u + 1.5, u + 5, base - 5, base + 27), "#b07c4d");
  for (const m of merlonsSh(-36, 36, base + 18, 3, 3, 2.6)) g += bb(s, x, y, m, "#dcaa72");
  for (const u of [-40, -16, 10, 36]) g += bb(s, x, y, rectSh(u - 1, u + 1, base + 12, base + 18), "#7a5237");
  add(s, castleD, g);
}

// Tower tombs on the slopes of the Valley of the Tombs.
function towerTombs(s: Pano, rnd: Rnd) {
  for (let i = 0; i < 14; i++) {
    const azd = -105 - rnd() * 40,
      d = 600 + rnd() * 500,
      a = rad(azd),
      x = d * Math.sin(a),
      y = d * Math.cos(a);
    const base = Math.tan(rad(0.4 + rnd() * 0.8)) * d,
      h = 18 + rnd() * 9;
    add(
      s,
      d,
      bb(s, x, y, rectSh(-3.5, 3.5, base, base + h), "#e0b07a") +
        bb(s, x, y, rectSh(1, 3.5, base, base + h), "#b4804f") +
        bb(s, x, y, rectSh(-1, 1, base + h * 0.45, base + h * 0.62), dark),
    );
  }
}

export function drawPalmyra(): string {
  const s: Pano = { yaw: rad(36), items: [] };
  const back = backdrop(s, {
    top: "#1d4e89",
    mid: "#6d86a8",
    horizon: "#f7c98a",
    sun: "#ffe8a3",
    sunAz: -20,
    sunEl: 6,
    ground: "#dcb27a",
    nadir: "#b88a57",
    ridges: [
      { fill: "#c9a07f", el: (az) => harmonics("palmyra-far", 1.4, 0.8)(az) + bump(-125, 30, 2)(az), opacity: 0.8 },
      {
        fill: "#b88664",
        el: (az) =>
          bump(castleAz, 7, castleEl + 0.3)(az) +
          bump(castleAz - 12, 10, 3.2)(az) +
          bump(castleAz + 14, 9, 2)(az) +
          bump(-125, 16, 1.4)(az),
      },
    ],
  });
  const rnd = randomFrom("palmyra-colonnade");
  for (const side of [-1, 1]) {
    porticoColumns(s, rnd, side);
    shopWalls(s, rnd, side);
  }
  plainRuins(s, rnd);
  nearBlocks(s, rnd);
  oasis(s);
  palms(s, rnd);
  castle(s);
  towerTombs(s, rnd);
  return panoSvg(s, back);
}
