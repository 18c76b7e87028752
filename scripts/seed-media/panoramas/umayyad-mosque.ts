// The Umayyad Mosque of Damascus: standing in the marble courtyard, facing the prayer hall.
import {
  add,
  archSh,
  backdrop,
  bb,
  circleSh,
  domeSh,
  harmonics,
  lineS,
  type P2,
  type Pano,
  panoSvg,
  rectSh,
  wall,
  wallDist,
  wallLen,
} from "./drawing.ts";

const stone = "#efe2c8",
  shade = "#d2bf98",
  hole = "#8f7a5b",
  deep = "#6f5c45",
  gold = "#d4ab45",
  green = "#5b8a4f",
  lead = "#8e9aa4",
  leadShade = "#76838d";
// Courtyard from x -49 (east) to 73 (west), y -20 (north arcade) to 30 (prayer hall): the viewer
// stands in its eastern half, looking at the transept in the middle of the prayer hall.
const cx = 12,
  north = -20,
  south = 30,
  east = -49,
  west = 73;

// Marble paving: a grid of joints, laid out so no joint runs under the viewer's feet.
function paving(s: Pano) {
  let floor = "";
  for (let x = east + 1.5; x < west; x += 3)
    floor += lineS(
      s,
      [
        [x + 0.25, north, 0],
        [x + 0.25, south, 0],
      ],
      "#d7ccb9",
      2,
    );
  for (let y = north + 1.5; y < south; y += 3)
    floor += lineS(
      s,
      [
        [east, y + 0.25, 0],
        [west, y + 0.25, 0],
      ],
      "#d7ccb9",
      2,
    );
  add(s, 1e6, floor);
}

function minaretJesus(s: Pano, x: number, y: number) {
  let g = bb(s, x, y, rectSh(-2.8, 2.8, 0, 58), stone) + bb(s, x, y, rectSh(1, 2.8, 0, 58), shade);
  g +=
    bb(s, x, y, rectSh(-3.6, 3.6, 58, 59.6), shade) +
    bb(s, x, y, rectSh(-2, 2, 59.6, 66), stone) +
    bb(s, x, y, rectSh(-2.6, 2.6, 66, 67.2), shade);
  g +=
    bb(
      s,
      x,
      y,
      [
        [-2, 67.2],
        [2, 67.2],
        [0.15, 79],
        [-0.15, 79],
      ],
      lead,
    ) +
    bb(
      s,
      x,
      y,
      [
        [0, 67.2],
        [2, 67.2],
        [0.15, 79],
      ],
      leadShade,
    );
  for (const z of [30, 40, 50]) g += bb(s, x, y, archSh(-0.7, 0.7, z, z + 2.2), hole);
  return g;
}
function minaretQaitbay(s: Pano, x: number, y: number) {
  let g = bb(s, x, y, rectSh(-2.6, 2.6, 0, 36), stone) + bb(s, x, y, rectSh(0.9, 2.6, 0, 36), shade);
  for (const z of [14, 22, 30]) g += bb(s, x, y, rectSh(-2.6, 2.6, z, z + 0.5), hole);
  g +=
    bb(s, x, y, rectSh(-3.5, 3.5, 36, 37.4), shade) +
    bb(s, x, y, rectSh(-2, 2, 37.4, 46), stone) +
    bb(s, x, y, rectSh(-2.8, 2.8, 46, 47.2), shade);
  g +=
    bb(s, x, y, rectSh(-1.4, 1.4, 47.2, 51), stone) +
    bb(s, x, y, domeSh(0, 1.5, 51, 1.6), lead) +
    bb(s, x, y, rectSh(-0.08, 0.08, 53.4, 55), lead);
  return g;
}
function minaretBride(s: Pano, x: number, y: number) {
  let g = bb(s, x, y, rectSh(-3, 3, 0, 26), stone) + bb(s, x, y, rectSh(1.2, 3, 0, 26), shade);
  for (const u of [-1.6, 0.4]) g += bb(s, x, y, archSh(u, u + 1.2, 18, 21), hole);
  g +=
    bb(s, x, y, rectSh(-3.8, 3.8, 26, 27.4), shade) +
    bb(s, x, y, rectSh(-2, 2, 27.4, 36), stone) +
    bb(s, x, y, rectSh(-2.7, 2.7, 36, 37.2), shade);
  g +=
    bb(s, x, y, rectSh(-1.3, 1.3, 37.2, 41), stone) +
    bb(s, x, y, domeSh(0, 1.4, 41, 1.7), lead) +
    bb(s, x, y, rectSh(-0.08, 0.08, 43.3, 45), lead);
  return g;
}
// Three minarets, beyond the walls (drawn first, the walls hide their feet).
function minarets(s: Pano) {
  add(s, 95, minaretJesus(s, cx - 68, south + 37));
  add(s, 105, minaretQaitbay(s, cx + 68, south + 37));
  add(s, 30, minaretBride(s, cx, north - 4));
}

// The Dome of the Eagle over the prayer hall, behind the transept.
function eagleDome(s: Pano) {
  const x = cx,
    y = south + 15;
  let g = bb(s, x, y, rectSh(-9.5, 9.5, 15, 34), stone) + bb(s, x, y, rectSh(3.4, 9.5, 15, 34), shade);
  for (let u = -8; u < 8; u += 2.6) g += bb(s, x, y, archSh(u, u + 1.2, 29.5, 32), hole);
  g += bb(s, x, y, domeSh(0, 9.2, 34, 1.1), lead) + bb(s, x, y, [[0, 34], ...domeSh(0, 9.2, 34, 1.1).slice(8)], leadShade);
  g += bb(s, x, y, rectSh(-0.15, 0.15, 44, 46.5), lead);
  add(s, 60, g);
}

// Prayer hall façade (south) with its arcade and the tall gabled transept in the middle.
function prayerHall(s: Pano) {
  const a: P2 = [east, south],
    b: P2 = [west, south],
    len = wallLen(a, b),
    mid = cx - east;
  let g = wall(s, a, b, rectSh(0, len, 0, 15), stone);
  for (let u = 2; u + 3.4 < len; u += 4.6) {
    if (Math.abs(u + 1.7 - mid) < 11) continue;
    g += wall(s, a, b, archSh(u, u + 3.4, 0, 6.4), hole);
    g += wall(s, a, b, archSh(u + 0.5, u + 1.5, 10, 11.6), hole) + wall(s, a, b, archSh(u + 1.9, u + 2.9, 10, 11.6), hole);
  }
  g += wall(s, a, b, rectSh(0, len, 8.7, 9.5), gold) + wall(s, a, b, rectSh(0, len, 14.2, 15), shade);
  add(s, wallDist(a, b) + 0.5, g);
  // Transept: slightly forward of the façade.
  const ta: P2 = [cx - 10, south - 0.6],
    tb: P2 = [cx + 10, south - 0.6];
  let t = wall(
    s,
    ta,
    tb,
    [
      [0, 0],
      [20, 0],
      [20, 21],
      [10, 26],
      [0, 21],
    ],
    stone,
  );
  t += wall(
    s,
    ta,
    tb,
    [
      [1.2, 17.4],
      [18.8, 17.4],
      [18.8, 20.6],
      [10, 24.8],
      [1.2, 20.6],
    ],
    gold,
  );
  for (const u of [4, 8.6, 13.2])
    t += wall(s, ta, tb, circleSh(u, 19.6, 0.9, 1.1), green) + wall(s, ta, tb, rectSh(u - 0.15, u + 0.15, 17.6, 19), "#8a6a3a");
  t += wall(s, ta, tb, rectSh(1.2, 18.8, 9.6, 16.6), gold);
  t +=
    wall(s, ta, tb, archSh(7.4, 12.6, 0, 7.2), deep) +
    wall(s, ta, tb, archSh(2.4, 5.8, 0, 5.4), hole) +
    wall(s, ta, tb, archSh(14.2, 17.6, 0, 5.4), hole);
  t +=
    wall(s, ta, tb, archSh(8.2, 11.8, 11, 13.6), hole) +
    wall(s, ta, tb, archSh(3.4, 5.8, 11, 13), hole) +
    wall(s, ta, tb, archSh(14.2, 16.6, 11, 13), hole);
  t += wall(s, ta, tb, circleSh(10, 21.5, 0.8), hole);
  for (const u of [3, 6, 14, 17]) t += wall(s, ta, tb, circleSh(u, 15.3, 0.55), green);
  t += wall(s, ta, tb, rectSh(0, 20, 16.6, 17.4), shade) + wall(s, ta, tb, rectSh(0, 20, 9, 9.6), shade);
  add(s, wallDist(ta, tb), t);
}

// The three arcades (north, east, west): big arches below, paired small arches above.
function arcade(s: Pano, a: P2, b: P2, mosaic: boolean) {
  const len = wallLen(a, b);
  let g = wall(s, a, b, rectSh(0, len, 0, 13.5), stone);
  if (mosaic) g += wall(s, a, b, rectSh(0, len, 6.8, 13), gold);
  for (let u = 1.2; u + 3.2 < len; u += 4.4) {
    g += wall(s, a, b, archSh(u, u + 3.2, 0, 5.6), hole);
    if (mosaic) g += wall(s, a, b, circleSh(u + 1.6, 11.6, 0.7, 1.1), green);
    g += wall(s, a, b, archSh(u + 0.2, u + 1.4, 8.4, 9.8), hole) + wall(s, a, b, archSh(u + 1.8, u + 3, 8.4, 9.8), hole);
  }
  g += wall(s, a, b, rectSh(0, len, 7.4, 7.9), shade) + wall(s, a, b, rectSh(0, len, 13, 13.5), shade);
  for (let u = 0.4; u < len - 1; u += 2.2)
    g += wall(
      s,
      a,
      b,
      [
        [u, 13.5],
        [u + 1.4, 13.5],
        [u + 1.4, 14.2],
        [u + 1.05, 14.2],
        [u + 1.05, 14.7],
        [u + 0.35, 14.7],
        [u + 0.35, 14.2],
        [u, 14.2],
      ],
      stone,
    );
  add(s, wallDist(a, b), g);
}
function arcades(s: Pano) {
  arcade(s, [west, north], [east, north], false);
  arcade(s, [east, north], [east, south], false);
  arcade(s, [west, south], [west, north], true);
}

function kiosk(s: Pano, x: number, y: number, w: number, cols: number, body: string, top: number) {
  let g = "";
  for (let i = 0; i < cols; i++) {
    const u = -w + (i * 2 * w) / (cols - 1);
    g += bb(s, x, y, rectSh(u - 0.22, u + 0.22, 0, 4.6), stone);
  }
  g += bb(s, x, y, rectSh(-w - 0.3, w + 0.3, 4.6, 5.2), shade) + bb(s, x, y, rectSh(-w, w, 5.2, top), body);
  g += bb(s, x, y, domeSh(0, w * 0.8, top, 0.9), lead);
  return g;
}
// Dome of the Treasury (west, on columns, covered with mosaics) and Dome of the Clocks (east).
function domesAndFountain(s: Pano) {
  add(
    s,
    Math.hypot(cx + 30, 2),
    kiosk(s, cx + 30, 2, 2.6, 4, gold, 8.6) +
      bb(s, cx + 30, 2, circleSh(-1, 6.9, 0.5), green) +
      bb(s, cx + 30, 2, circleSh(1, 6.9, 0.5), green),
  );
  add(s, Math.hypot(cx - 32, 3), kiosk(s, cx - 32, 3, 2, 4, stone, 7.4));
  // The ablution fountain in the middle of the courtyard.
  add(
    s,
    Math.hypot(cx, 8),
    bb(s, cx, 8, rectSh(-2.4, 2.4, 0, 0.7), shade) +
      [-1.5, -0.5, 0.5, 1.5].map((u) => bb(s, cx, 8, rectSh(u - 0.09, u + 0.09, 0.7, 3.2), stone)).join("") +
      bb(s, cx, 8, rectSh(-1.8, 1.8, 3.2, 3.6), shade) +
      bb(s, cx, 8, domeSh(0, 1.6, 3.6, 0.8), lead),
  );
}

export function drawUmayyadMosque(): string {
  const s: Pano = { yaw: Math.atan2(cx, south), items: [] };
  const back = backdrop(s, {
    top: "#1f86c4",
    mid: "#62b7e3",
    horizon: "#d6f0fb",
    sun: "#fff6cf",
    sunAz: 105,
    sunEl: 40,
    ground: "#efe9de",
    nadir: "#d9d0c0",
    ridges: [{ fill: "#b9c7c0", el: harmonics("umayyad-ridge", 2.5, 1.2) }],
  });
  paving(s);
  minarets(s);
  eagleDome(s);
  prayerHall(s);
  arcades(s);
  domesAndFountain(s);
  return panoSvg(s, back);
}
