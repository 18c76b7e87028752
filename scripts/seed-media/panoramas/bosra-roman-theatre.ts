// The Roman Theatre of Bosra: standing in the orchestra, facing the stage.
import { randomFrom } from "../../../domain/media/illustrate.ts";
import {
  add,
  archSh,
  backdrop,
  bb,
  EYE,
  f1,
  harmonics,
  merlonsSh,
  type P2,
  type Pano,
  PH,
  panoSvg,
  polyS,
  PW,
  rad,
  rectSh,
  type Shape,
  seamShifts,
  wall,
} from "./drawing.ts";

const basalt = "#56545a",
  riser = "#464449",
  nose = "#85828a",
  dark = "#2d2c31",
  pale = "#e9e2d2",
  paleShade = "#c7bea9";
const y = (r: number, z: number) => PH / 2 - (Math.atan2(z - EYE, r) / Math.PI) * PH;
const span = (a0: number, a1: number) => [PW / 2 + (a0 / 360) * PW, ((a1 - a0) / 360) * PW] as const; // world az in degrees, yaw 0
const band = (a0: number, a1: number, y0: number, y1: number, fill: string) => {
  const [x, w] = span(a0, a1);
  return seamShifts(x, x + w)
    .map((dx) => `<rect x="${f1(x + dx)}" y="${f1(y0)}" width="${f1(w)}" height="${f1(Math.max(0.5, y1 - y0))}" fill="${fill}"/>`)
    .join("");
};

type Row = { r: number; z: number; h: number; wall?: boolean };

// The cavea: rows of seats in three tiers, walkways, vomitoria, stairs, and the gallery on top.
const A0 = 90,
  A1 = 270; // behind the viewer

/** The rows of seats and the walkway walls between the three tiers, from the orchestra up. */
function caveaRows(): { rows: Row[]; top: { r: number; z: number } } {
  const rows: Row[] = [];
  let r = 10.5,
    z = 0;
  rows.push({ r, z, h: 1.1, wall: true });
  z += 1.1;
  r += 0.8;
  for (const [count, last] of [
    [14, false],
    [16, false],
    [10, true],
  ] as Array<[number, boolean]>) {
    for (let i = 0; i < count; i++) {
      rows.push({ r, z, h: 0.44 });
      z += 0.44;
      r += 0.72;
    }
    if (!last) {
      r += 1.4;
      rows.push({ r, z, h: 1.7, wall: true });
      z += 1.7;
      r += 0.6;
    }
  }
  const top = { r: r + 0.6, z };
  return { rows, top };
}

// Orchestra paving: rings are horizontal lines, radii vertical ones in this projection.
function paving(s: Pano) {
  let paving = "";
  for (let r = 2.5; r < 10; r += 1.2) paving += `<rect x="0" y="${f1(y(r, 0))}" width="${PW}" height="3" fill="#57534f"/>`;
  for (let a = -180; a < 180; a += 7.5) paving += band(a + 3.75 - 0.12, a + 3.75 + 0.12, y(10.5, 0), y(2.5, 0), "#57534f");
  paving += `<rect x="0" y="${f1(y(1.2, 0))}" width="${PW}" height="${f1(PH - y(1.2, 0))}" fill="#55514e"/>`;
  add(s, 1e6, paving);
}

function seats(s: Pano, rows: Row[]) {
  let cavea = "";
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i];
    cavea += band(A0, A1, y(row.r, row.z + row.h), y(row.r, row.z), row.wall ? basalt : i % 2 ? riser : "#58565c");
    cavea += band(A0, A1, y(row.r, row.z + row.h), y(row.r, row.z + row.h) + 4, nose);
  }
  // Stairs: narrow radial strips, a little lighter.
  for (let a = A0 + 15; a < A1; a += 22.5) {
    for (const row of rows) {
      if (row.wall) continue;
      const half = (0.55 / row.r) * (180 / Math.PI);
      cavea += band(a - half, a + half, y(row.r, row.z + row.h), y(row.r, row.z), "#625f66");
      cavea += band(a - half, a + half, y(row.r, row.z + row.h / 2), y(row.r, row.z + row.h / 2) + 2, "#77747b");
    }
  }
  add(s, 30, cavea);
}

// Vomitoria: dark arched doorways in the walkway walls.
function vomitoria(s: Pano, rows: Row[]) {
  let doors = "";
  for (const row of rows.filter((w) => w.wall && w.z > 1)) {
    for (let a = A0 + 26.25; a < A1; a += 45) {
      const x = row.r * Math.sin(rad(a)),
        yy = row.r * Math.cos(rad(a));
      doors += bb(s, x, yy, archSh(-0.9, 0.9, row.z, row.z + 1.1), dark);
    }
  }
  add(s, 29, doors);
}

// The covered gallery that crowns the seats.
function gallery(s: Pano, top: { r: number; z: number }) {
  let g = band(A0 - 2, A1 + 2, y(top.r + 2.5, top.z + 5.4), y(top.r, top.z), basalt);
  g += band(A0 - 2, A1 + 2, y(top.r + 2.5, top.z + 4.4), y(top.r + 2.5, top.z), "#34333a");
  for (let a = A0; a <= A1; a += 2.4)
    g += bb(s, top.r * Math.sin(rad(a)), top.r * Math.cos(rad(a)), rectSh(-0.3, 0.3, top.z, top.z + 4.2), "#6e6b71");
  g += band(A0 - 2, A1 + 2, y(top.r, top.z + 5), y(top.r, top.z + 4.2), "#66636a");
  add(s, top.r, g);
}

// Ayyubid towers rising behind the rim of the cavea.
function tower(s: Pano, x: number, yy: number, w: number, h: number, d: number) {
  let g = bb(s, x, yy, rectSh(-w, w, 0, h), "#625e63") + bb(s, x, yy, rectSh(w * 0.3, w, 0, h), "#4f4b51");
  for (const m of merlonsSh(-w, w, h, 1.3, 1.5, 1.1)) g += bb(s, x, yy, m, "#625e63");
  g += bb(s, x, yy, rectSh(-0.25, 0.25, h - 8, h - 5), dark) + bb(s, x, yy, rectSh(-w * 0.6, -w * 0.6 + 0.5, h - 8, h - 5), dark);
  add(s, d, g);
}
function towers(s: Pano) {
  for (const [a, d, w, h] of [
    [112, 60, 9, 40],
    [150, 62, 7, 38],
    [205, 61, 8, 41],
    [244, 60, 9, 39],
  ])
    tower(s, d * Math.sin(rad(a)), d * Math.cos(rad(a)), w, h, d);
  tower(s, 54, 22, 9, 30, 58);
  tower(s, -54, 22, 9, 30, 58);
}

// Side passages (parodoi) between the cavea and the stage building.
function sidePassages(s: Pano) {
  for (const side of [1, -1]) {
    const a: P2 = [48 * side, -1],
      b: P2 = [48 * side, 17];
    add(
      s,
      40,
      wall(s, a, b, rectSh(0, 18, 0, 18), "#4d4b51") +
        wall(s, a, b, archSh(5, 12, 0, 6.5), dark) +
        wall(s, a, b, rectSh(0, 18, 17.2, 18), "#5e5c62"),
    );
    const c: P2 = [32 * side, 16],
      e: P2 = [48 * side, 16];
    add(s, 35, wall(s, c, e, rectSh(0, 16, 0, 19), "#46444a") + wall(s, c, e, archSh(4.5, 11.5, 0, 8), dark));
  }
}

// The stage: its low front wall, then the tall basalt stage wall with pale Corinthian columns.
function stageFront(s: Pano) {
  const a: P2 = [-32, 9],
    b: P2 = [32, 9];
  let g = wall(s, a, b, rectSh(0, 64, 0, 1.2), "#4c4a50");
  for (let u = 3; u < 62; u += 5) g += wall(s, a, b, u % 2 ? archSh(u, u + 1.4, 0.15, 0.6) : rectSh(u, u + 1.4, 0.15, 0.95), "#39383d");
  g += polyS(
    s,
    [
      [-32, 9, 1.2],
      [32, 9, 1.2],
      [32, 15.2, 1.2],
      [-32, 15.2, 1.2],
    ],
    "#7a756f",
  );
  add(s, 9, g);
}
function stageWall(s: Pano) {
  const a: P2 = [-32, 16],
    b: P2 = [32, 16];
  const rr = randomFrom("bosra-frons");
  const topLine: Shape = [
    [0, 0],
    [64, 0],
  ];
  for (let u = 64; u >= 0; u -= 4) topLine.push([u, 19.2 + rr() * 1.8]);
  let g = wall(s, a, b, topLine, "#403e44");
  g +=
    wall(s, a, b, archSh(29.4, 34.6, 0, 5.8), "#1f1e22") +
    wall(s, a, b, rectSh(18.5, 22, 0, 6.3), "#1f1e22") +
    wall(s, a, b, rectSh(42, 45.5, 0, 6.3), "#1f1e22");
  for (const u of [9.5, 25.5, 38.5, 54.5]) g += wall(s, a, b, archSh(u - 1, u + 1, 10.8, 13), "#2f2e33");
  for (const u of [3.5, 60.5]) g += wall(s, a, b, rectSh(u - 1, u + 1, 2.5, 6.5), "#2f2e33");
  add(s, 16.2, g);
}
function cornices(s: Pano) {
  const ca: P2 = [-32, 15.1],
    cb: P2 = [32, 15.1];
  let c = wall(s, ca, cb, rectSh(0, 64, 8.4, 9.3), pale) + wall(s, ca, cb, rectSh(0, 64, 9.05, 9.3), paleShade);
  for (const [u0, u1] of [
    [6, 20],
    [27, 37],
    [44, 58],
  ])
    c += wall(s, ca, cb, rectSh(u0, u1, 14.6, 15.3), pale);
  add(s, 15.3, c);
}
function columns(s: Pano) {
  const colXs = [-29.5, -25.8, -17.6, -13.9, -5, -1.8, 1.8, 5, 13.9, 17.6, 25.8, 29.5];
  let cols = "";
  for (const x of colXs) {
    const yy = 14.6;
    cols +=
      bb(s, x, yy, rectSh(-0.62, 0.62, 1.2, 1.8), paleShade) +
      bb(s, x, yy, rectSh(-0.42, 0.42, 1.8, 7.6), pale) +
      bb(s, x, yy, rectSh(0.12, 0.42, 1.8, 7.6), paleShade);
    cols += bb(
      s,
      x,
      yy,
      [
        [-0.42, 7.6],
        [0.42, 7.6],
        [0.7, 8.4],
        [-0.7, 8.4],
      ],
      paleShade,
    );
  }
  for (const x of [-25.8, -13.9, -1.8, 1.8, 13.9, 25.8]) {
    const yy = 14.6;
    cols +=
      bb(s, x, yy, rectSh(-0.34, 0.34, 9.3, 14), pale) +
      bb(s, x, yy, rectSh(0.1, 0.34, 9.3, 14), paleShade) +
      bb(
        s,
        x,
        yy,
        [
          [-0.34, 14],
          [0.34, 14],
          [0.58, 14.6],
          [-0.58, 14.6],
        ],
        paleShade,
      );
  }
  add(s, 14.6, cols);
}

export function drawBosraTheatre(): string {
  const s: Pano = { yaw: 0, items: [] };
  const back = backdrop(s, {
    top: "#1f86c4",
    mid: "#5fb3e0",
    horizon: "#d3eefa",
    sun: "#fff6cf",
    sunAz: 135,
    sunEl: 42,
    ground: "#6b6763",
    nadir: "#4f4b48",
    ridges: [{ fill: "#a9b7a6", el: harmonics("bosra-ridge", 1.5, 0.8) }],
  });
  paving(s);
  const { rows, top } = caveaRows();
  seats(s, rows);
  vomitoria(s, rows);
  gallery(s, top);
  towers(s);
  sidePassages(s);
  stageFront(s);
  stageWall(s);
  cornices(s);
  columns(s);
  return panoSvg(s, back);
}
