// The seed 360° panoramas, drawn as SVG and encoded by the caller.
import { randomFrom } from "../../domain/media/illustrate.ts";

// ---------------------------------------------------------------------------------------------------
// Panoramas: equirectangular 4096x2048. A tiny 3D projector places simple flat-coloured shapes around
// a viewer standing at the origin (x east/right, y forward, z up, metres, eyes at 1.6 m): azimuth maps
// to x, elevation to y, so walls become the curves a real 360-degree photograph shows. A shape that
// crosses an edge is drawn again one width to the left or right, so the two edges join seamlessly.

export const PW = 4096,
  PH = 2048;
const EYE = 1.6;
type V3 = readonly [number, number, number];
type P2 = readonly [number, number];
interface Pano {
  yaw: number;
  items: Array<{ d: number; svg: string }>;
}
const f1 = (v: number) => (Math.round(v * 10) / 10).toString();
const rad = (deg: number) => (deg * Math.PI) / 180;
const wrapAngle = (a: number) => Math.atan2(Math.sin(a), Math.cos(a));

function projectAngles(s: Pano, az: number, el: number): [number, number] {
  return [PW / 2 + (wrapAngle(az - s.yaw) / (2 * Math.PI)) * PW, PH / 2 - (el / Math.PI) * PH];
}
function project(s: Pano, [x, y, z]: V3): [number, number] {
  return projectAngles(s, Math.atan2(x, y), Math.atan2(z - EYE, Math.hypot(x, y)));
}
/** Projects a polygon (or polyline), cutting long edges so straight lines bend as they should. */
function projectPath(s: Pano, pts: readonly V3[], closed: boolean): Array<[number, number]> {
  const dense: V3[] = [];
  const n = pts.length;
  for (let i = 0; i < (closed ? n : n - 1); i++) {
    const a = pts[i],
      b = pts[(i + 1) % n];
    const dx = b[0] - a[0],
      dy = b[1] - a[1],
      len = Math.hypot(dx, dy);
    let steps = 1;
    if (len > 1e-9) {
      const t = Math.max(0, Math.min(1, -(a[0] * dx + a[1] * dy) / (len * len)));
      const closest = Math.max(0.3, Math.hypot(a[0] + dx * t, a[1] + dy * t));
      steps = Math.min(400, Math.max(1, Math.ceil(len / (0.03 * closest))));
    }
    for (let k = 0; k < steps; k++) dense.push([a[0] + dx * (k / steps), a[1] + dy * (k / steps), a[2] + (b[2] - a[2]) * (k / steps)]);
  }
  if (!closed) dense.push(pts[n - 1]);
  let prev: number | undefined;
  return dense.map((p) => {
    let [px, py] = project(s, p);
    if (prev !== undefined) px += Math.round((prev - px) / PW) * PW;
    prev = px;
    return [px, py];
  });
}
/** The shifts at which a shape spanning x0..x1 must be drawn so that it also shows across the seam. */
function seamShifts(x0: number, x1: number): number[] {
  const out: number[] = [];
  for (const dx of [-PW, 0, PW]) if (x1 + dx > 0 && x0 + dx < PW) out.push(dx);
  return out;
}
/** Path data, repeated at every shift it needs: each shape carries its own copies, so the drawing
 *  order stays right on both sides of the seam. */
function pathCopies(pp: Array<[number, number]>, closed: boolean, attrs: string): string {
  const xs = pp.map((p) => p[0]);
  return seamShifts(Math.min(...xs), Math.max(...xs))
    .map((dx) => `<path d="M${pp.map(([x, y]) => `${f1(x + dx)},${f1(y)}`).join("L")}${closed ? "Z" : ""}"${attrs}/>`)
    .join("");
}
const polyS = (s: Pano, pts: readonly V3[], fill: string, extra = "") =>
  pathCopies(projectPath(s, pts, true), true, ` fill="${fill}"${extra}`);
const lineS = (s: Pano, pts: readonly V3[], stroke: string, width: number, extra = "") =>
  pathCopies(projectPath(s, pts, false), false, ` fill="none" stroke="${stroke}" stroke-width="${width}"${extra}`);
const add = (s: Pano, d: number, svg: string) => {
  s.items.push({ d, svg });
};

// 2D shapes (u along a wall or across the view, z up) and the ways to stand them in 3D.
type Shape = P2[];
const rectSh = (u0: number, u1: number, z0: number, z1: number): Shape => [
  [u0, z0],
  [u1, z0],
  [u1, z1],
  [u0, z1],
];
function archSh(u0: number, u1: number, z0: number, spring: number, pointed = false): Shape {
  const r = (u1 - u0) / 2,
    c = (u0 + u1) / 2,
    pts: P2[] = [
      [u0, z0],
      [u0, spring],
    ];
  if (!pointed) {
    for (let i = 1; i < 12; i++) {
      const a = Math.PI - (i / 12) * Math.PI;
      pts.push([c + Math.cos(a) * r, spring + Math.sin(a) * r]);
    }
  } else {
    // Two arcs of radius 1.5r whose centres sit half a radius either side of the middle.
    const R = 1.5 * r,
      end = Math.acos(-1 / 3);
    for (let i = 1; i <= 6; i++) {
      const a = Math.PI - ((Math.PI - end) * i) / 6;
      pts.push([c + 0.5 * r + R * Math.cos(a), spring + R * Math.sin(a)]);
    }
    for (let i = 5; i >= 1; i--) {
      const a = Math.PI - ((Math.PI - end) * i) / 6;
      pts.push([c - 0.5 * r - R * Math.cos(a), spring + R * Math.sin(a)]);
    }
  }
  pts.push([u1, spring], [u1, z0]);
  return pts;
}
function domeSh(c: number, r: number, base: number, k = 1.05): Shape {
  const pts: P2[] = [];
  for (let i = 0; i <= 16; i++) {
    const a = Math.PI - (i / 16) * Math.PI;
    pts.push([c + Math.cos(a) * r, base + Math.sin(a) * r * k]);
  }
  return pts;
}
function circleSh(c: number, z: number, r: number, k = 1): Shape {
  const pts: P2[] = [];
  for (let i = 0; i < 14; i++) {
    const a = (i / 14) * Math.PI * 2;
    pts.push([c + Math.cos(a) * r, z + Math.sin(a) * r * k]);
  }
  return pts;
}
function merlonsSh(u0: number, u1: number, top: number, w = 1.4, h = 1.6, gap = 1.2): Shape[] {
  const out: Shape[] = [];
  for (let u = u0; u + w <= u1 + 0.01; u += w + gap) out.push(rectSh(u, u + w, top, top + h));
  return out;
}
/** A shape standing upright at (x, y), facing the viewer. */
function bb(s: Pano, x: number, y: number, shape: Shape, fill: string, extra = "") {
  const d = Math.hypot(x, y),
    rx = y / d,
    ry = -x / d;
  return polyS(
    s,
    shape.map(([u, z]) => [x + u * rx, y + u * ry, z] as V3),
    fill,
    extra,
  );
}
/** A shape on the vertical plane of the wall from a to b (u in metres from a). */
function wall(s: Pano, a: P2, b: P2, shape: Shape, fill: string, extra = "") {
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]),
    ux = (b[0] - a[0]) / len,
    uy = (b[1] - a[1]) / len;
  return polyS(
    s,
    shape.map(([u, z]) => [a[0] + u * ux, a[1] + u * uy, z] as V3),
    fill,
    extra,
  );
}
const wallLen = (a: P2, b: P2) => Math.hypot(b[0] - a[0], b[1] - a[1]);
/** Distance from the viewer to the nearest point of a wall. */
function wallDist(a: P2, b: P2) {
  const dx = b[0] - a[0],
    dy = b[1] - a[1],
    len2 = dx * dx + dy * dy;
  const t = Math.max(0, Math.min(1, -(a[0] * dx + a[1] * dy) / len2));
  return Math.hypot(a[0] + dx * t, a[1] + dy * t);
}
/** A round tower seen from the viewer: body, shaded side, merlons, slits. */
function roundTower(
  s: Pano,
  x: number,
  y: number,
  r: number,
  z0: number,
  z1: number,
  c: { stone: string; shade: string; dark: string },
  slits = 2,
) {
  let g = bb(s, x, y, rectSh(-r, r, z0, z1), c.stone) + bb(s, x, y, rectSh(r * 0.35, r, z0, z1), c.shade);
  for (const m of merlonsSh(-r, r, z1, r * 0.22, r * 0.22, r * 0.16)) g += bb(s, x, y, m, c.stone);
  for (let i = 0; i < slits; i++)
    g += bb(
      s,
      x,
      y,
      rectSh(-r * 0.3 + i * r * 0.5, -r * 0.3 + i * r * 0.5 + r * 0.08, z0 + (z1 - z0) * 0.45, z0 + (z1 - z0) * 0.62),
      c.dark,
    );
  return g;
}

/** Sky, sun, distant ridges and ground, drawn straight in panorama pixels (ridges are periodic). */
interface Backdrop {
  top: string;
  mid: string;
  horizon: string;
  sun: string;
  sunAz: number;
  sunEl: number;
  ground: string;
  nadir: string;
  ridges: Array<{ fill: string; el: (az: number) => number; opacity?: number }>;
}
function backdrop(s: Pano, b: Backdrop): string {
  const [sx, sy] = projectAngles(s, rad(b.sunAz), rad(b.sunEl));
  const ry = (1.6 / 180) * PH,
    rx = ry / Math.cos(rad(b.sunEl));
  let svg =
    `<defs><linearGradient id="sky" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="0" y2="${PH / 2}"><stop offset="0" stop-color="${b.top}"/><stop offset="0.55" stop-color="${b.mid}"/><stop offset="1" stop-color="${b.horizon}"/></linearGradient>` +
    `<linearGradient id="ground" gradientUnits="userSpaceOnUse" x1="0" y1="${PH / 2}" x2="0" y2="${PH}"><stop offset="0" stop-color="${b.ground}"/><stop offset="1" stop-color="${b.nadir}"/></linearGradient></defs>` +
    `<rect x="0" y="0" width="${PW}" height="${PH / 2 + 2}" fill="url(#sky)"/>`;
  for (const dx of [-PW, 0, PW]) {
    svg += `<ellipse cx="${f1(sx + dx)}" cy="${f1(sy)}" rx="${f1(rx * 2.2)}" ry="${f1(ry * 2.2)}" fill="${b.sun}" opacity="0.25"/>`;
    svg += `<ellipse cx="${f1(sx + dx)}" cy="${f1(sy)}" rx="${f1(rx)}" ry="${f1(ry)}" fill="${b.sun}"/>`;
  }
  for (const ridge of b.ridges) {
    const pts: string[] = [];
    for (let x = 0; x <= PW; x += 8) {
      const az = s.yaw + (x / PW - 0.5) * Math.PI * 2;
      pts.push(`${x},${f1(PH / 2 - (ridge.el(az) / 180) * PH)}`);
    }
    svg += `<path d="M0,${PH / 2 + 3}L${pts.join("L")}L${PW},${PH / 2 + 3}Z" fill="${ridge.fill}"${ridge.opacity ? ` opacity="${ridge.opacity}"` : ""}/>`;
  }
  return `${svg}<rect x="0" y="${PH / 2}" width="${PW}" height="${PH / 2}" fill="url(#ground)"/>`;
}
/** A periodic skyline: integer harmonics of the azimuth, so it closes on itself. */
function harmonics(seed: string, base: number, amp: number, terms = 6): (az: number) => number {
  const r = randomFrom(seed);
  const h = Array.from({ length: terms }, (_, i) => ({
    k: i + 1 + Math.floor(r() * 3) * (i + 1),
    a: (amp * (0.5 + r())) / (i + 1),
    p: r() * Math.PI * 2,
  }));
  return (az) => Math.max(0, base + h.reduce((sum, t) => sum + t.a * Math.sin(t.k * az + t.p), 0));
}
/** A bump of height h (degrees) centred on azimuth c (degrees), half-width w (degrees). */
const bump = (c: number, w: number, h: number) => (az: number) => h * Math.exp(-((wrapAngle(az - rad(c)) / rad(w)) ** 2));

function panoSvg(s: Pano, back: string): string {
  const body = s.items
    .map((it, i) => ({ ...it, i }))
    .sort((a, b) => b.d - a.d || a.i - b.i)
    .map((it) => it.svg)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PW}" height="${PH}" viewBox="0 0 ${PW} ${PH}">${back}${body}</svg>`;
}

// --- Umayyad Mosque: standing in the marble courtyard, facing the prayer hall. --------------------
function panoUmayyad(): string {
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
  // Marble paving: a grid of joints, laid out so no joint runs under the viewer's feet.
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

  // Three minarets, beyond the walls (drawn first, the walls hide their feet).
  const minaretJesus = (x: number, y: number) => {
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
  };
  const minaretQaitbay = (x: number, y: number) => {
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
  };
  const minaretBride = (x: number, y: number) => {
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
  };
  add(s, 95, minaretJesus(cx - 68, south + 37));
  add(s, 105, minaretQaitbay(cx + 68, south + 37));
  add(s, 30, minaretBride(cx, north - 4));

  // The Dome of the Eagle over the prayer hall, behind the transept.
  {
    const x = cx,
      y = south + 15;
    let g = bb(s, x, y, rectSh(-9.5, 9.5, 15, 34), stone) + bb(s, x, y, rectSh(3.4, 9.5, 15, 34), shade);
    for (let u = -8; u < 8; u += 2.6) g += bb(s, x, y, archSh(u, u + 1.2, 29.5, 32), hole);
    g += bb(s, x, y, domeSh(0, 9.2, 34, 1.1), lead) + bb(s, x, y, [[0, 34], ...domeSh(0, 9.2, 34, 1.1).slice(8)], leadShade);
    g += bb(s, x, y, rectSh(-0.15, 0.15, 44, 46.5), lead);
    add(s, 60, g);
  }

  // Prayer hall façade (south) with its arcade and the tall gabled transept in the middle.
  {
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
  const arcade = (a: P2, b: P2, mosaic: boolean) => {
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
  };
  arcade([west, north], [east, north], false);
  arcade([east, north], [east, south], false);
  arcade([west, south], [west, north], true);

  // Dome of the Treasury (west, on columns, covered with mosaics) and Dome of the Clocks (east).
  const kiosk = (x: number, y: number, w: number, cols: number, body: string, top: number) => {
    let g = "";
    for (let i = 0; i < cols; i++) {
      const u = -w + (i * 2 * w) / (cols - 1);
      g += bb(s, x, y, rectSh(u - 0.22, u + 0.22, 0, 4.6), stone);
    }
    g += bb(s, x, y, rectSh(-w - 0.3, w + 0.3, 4.6, 5.2), shade) + bb(s, x, y, rectSh(-w, w, 5.2, top), body);
    g += bb(s, x, y, domeSh(0, w * 0.8, top, 0.9), lead);
    return g;
  };
  add(
    s,
    Math.hypot(cx + 30, 2),
    kiosk(cx + 30, 2, 2.6, 4, gold, 8.6) +
      bb(s, cx + 30, 2, circleSh(-1, 6.9, 0.5), green) +
      bb(s, cx + 30, 2, circleSh(1, 6.9, 0.5), green),
  );
  add(s, Math.hypot(cx - 32, 3), kiosk(cx - 32, 3, 2, 4, stone, 7.4));
  // The ablution fountain in the middle of the courtyard.
  add(
    s,
    Math.hypot(cx, 8),
    bb(s, cx, 8, rectSh(-2.4, 2.4, 0, 0.7), shade) +
      [-1.5, -0.5, 0.5, 1.5].map((u) => bb(s, cx, 8, rectSh(u - 0.09, u + 0.09, 0.7, 3.2), stone)).join("") +
      bb(s, cx, 8, rectSh(-1.8, 1.8, 3.2, 3.6), shade) +
      bb(s, cx, 8, domeSh(0, 1.6, 3.6, 0.8), lead),
  );
  return panoSvg(s, back);
}

// --- Roman Theatre of Bosra: standing in the orchestra, facing the stage. ---------------------------
function panoBosra(): string {
  const s: Pano = { yaw: 0, items: [] };
  const basalt = "#56545a",
    riser = "#464449",
    nose = "#85828a",
    dark = "#2d2c31",
    pale = "#e9e2d2",
    paleShade = "#c7bea9";
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
  const y = (r: number, z: number) => PH / 2 - (Math.atan2(z - EYE, r) / Math.PI) * PH;
  const span = (a0: number, a1: number) => [PW / 2 + (a0 / 360) * PW, ((a1 - a0) / 360) * PW] as const; // world az in degrees, yaw 0
  const band = (a0: number, a1: number, y0: number, y1: number, fill: string) => {
    const [x, w] = span(a0, a1);
    return seamShifts(x, x + w)
      .map((dx) => `<rect x="${f1(x + dx)}" y="${f1(y0)}" width="${f1(w)}" height="${f1(Math.max(0.5, y1 - y0))}" fill="${fill}"/>`)
      .join("");
  };

  // Orchestra paving: rings are horizontal lines, radii vertical ones in this projection.
  let paving = "";
  for (let r = 2.5; r < 10; r += 1.2) paving += `<rect x="0" y="${f1(y(r, 0))}" width="${PW}" height="3" fill="#57534f"/>`;
  for (let a = -180; a < 180; a += 7.5) paving += band(a + 3.75 - 0.12, a + 3.75 + 0.12, y(10.5, 0), y(2.5, 0), "#57534f");
  paving += `<rect x="0" y="${f1(y(1.2, 0))}" width="${PW}" height="${f1(PH - y(1.2, 0))}" fill="#55514e"/>`;
  add(s, 1e6, paving);

  // The cavea: rows of seats in three tiers, walkways, vomitoria, stairs, and the gallery on top.
  const A0 = 90,
    A1 = 270; // behind the viewer
  const rows: Array<{ r: number; z: number; h: number; wall?: boolean }> = [];
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
  // Vomitoria: dark arched doorways in the walkway walls.
  let doors = "";
  for (const row of rows.filter((w) => w.wall && w.z > 1)) {
    for (let a = A0 + 26.25; a < A1; a += 45) {
      const x = row.r * Math.sin(rad(a)),
        yy = row.r * Math.cos(rad(a));
      doors += bb(s, x, yy, archSh(-0.9, 0.9, row.z, row.z + 1.1), dark);
    }
  }
  add(s, 29, doors);
  // The covered gallery that crowns the seats.
  {
    let g = band(A0 - 2, A1 + 2, y(top.r + 2.5, top.z + 5.4), y(top.r, top.z), basalt);
    g += band(A0 - 2, A1 + 2, y(top.r + 2.5, top.z + 4.4), y(top.r + 2.5, top.z), "#34333a");
    for (let a = A0; a <= A1; a += 2.4)
      g += bb(s, top.r * Math.sin(rad(a)), top.r * Math.cos(rad(a)), rectSh(-0.3, 0.3, top.z, top.z + 4.2), "#6e6b71");
    g += band(A0 - 2, A1 + 2, y(top.r, top.z + 5), y(top.r, top.z + 4.2), "#66636a");
    add(s, top.r, g);
  }
  // Ayyubid towers rising behind the rim of the cavea.
  const tower = (x: number, yy: number, w: number, h: number, d: number) => {
    let g = bb(s, x, yy, rectSh(-w, w, 0, h), "#625e63") + bb(s, x, yy, rectSh(w * 0.3, w, 0, h), "#4f4b51");
    for (const m of merlonsSh(-w, w, h, 1.3, 1.5, 1.1)) g += bb(s, x, yy, m, "#625e63");
    g += bb(s, x, yy, rectSh(-0.25, 0.25, h - 8, h - 5), dark) + bb(s, x, yy, rectSh(-w * 0.6, -w * 0.6 + 0.5, h - 8, h - 5), dark);
    add(s, d, g);
  };
  for (const [a, d, w, h] of [
    [112, 60, 9, 40],
    [150, 62, 7, 38],
    [205, 61, 8, 41],
    [244, 60, 9, 39],
  ])
    tower(d * Math.sin(rad(a)), d * Math.cos(rad(a)), w, h, d);
  tower(54, 22, 9, 30, 58);
  tower(-54, 22, 9, 30, 58);

  // Side passages (parodoi) between the cavea and the stage building.
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
  // The stage: its low front wall, then the tall basalt stage wall with pale Corinthian columns.
  {
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
  {
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
  return panoSvg(s, back);
}

// --- Palmyra: beside the Great Colonnade at golden hour. ---------------------------------------------
function panoPalmyra(): string {
  const stone = "#ecc996",
    shade = "#c08f5c",
    dark = "#7a5237";
  const axis = 26; // the colonnaded street runs along x = 26, the viewer stands among the ruins beside it
  const s: Pano = { yaw: rad(36), items: [] };
  const castleAz = -58,
    castleD = 700,
    castleEl = 7.2;
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
  const column = (x: number, y: number, h = 8.9) =>
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
  for (const side of [-1, 1]) {
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
      add(s, Math.hypot(x, y), column(x, y));
      run.push(y);
      if (rnd() < 0.3) flush();
    }
    flush();
    // Low ruined walls of the shops behind the porticoes.
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
  for (let i = 0; i < 90; i++) {
    const a = rad(-180 + rnd() * 360),
      d = 30 + rnd() * 260,
      x = d * Math.sin(a),
      y = d * Math.cos(a);
    if (Math.abs(x - axis) < 18 || (a > rad(95) && d > 110)) continue;
    const kind = rnd();
    if (kind < 0.4) add(s, d, column(x, y, 4 + rnd() * 5));
    else if (kind < 0.55 && d > 60) {
      // A pair of columns still carrying a piece of architrave.
      add(
        s,
        d,
        column(x, y, 8.9) +
          column(x + 3.2 * (y / d), y - 3.2 * (x / d), 8.9) +
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
  for (let i = 0; i < 14; i++) {
    const a = rad(-180 + rnd() * 360),
      d = 4 + rnd() * 12,
      x = d * Math.sin(a),
      y = d * Math.cos(a),
      w = 0.4 + rnd() * 0.5;
    add(
      s,
      d,
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
  // The medieval castle on its hill above the ruins.
  {
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
  return panoSvg(s, back);
}

// --- Citadel of Aleppo: on the esplanade in front of the entrance bridge. ---------------------------
function panoAleppo(): string {
  const stone = "#ead0a4",
    shade = "#bb8f60",
    glacis = "#d3a974",
    glacisShade = "#b98b5b",
    dark = "#5a3d2b";
  const s: Pano = { yaw: rad(26), items: [] };
  const back = backdrop(s, {
    top: "#2a6fb0",
    mid: "#7fb0d6",
    horizon: "#f2e2c4",
    sun: "#fff3cf",
    sunAz: -62,
    sunEl: 24,
    ground: "#cdb08b",
    nadir: "#a48865",
    ridges: [{ fill: "#c9b7a0", el: harmonics("aleppo-ridge", 1.1, 0.5), opacity: 0.8 }],
  });
  // The oval mound: a glacis from the moat (z 0) up to the summit (z 40).
  const C: P2 = [0, 230];
  const ellipse = (a: number, b: number, z: number, steps = 720) => {
    const pts: Array<{ p: V3; t: number }> = [];
    for (let i = 0; i < steps; i++) {
      const t = -Math.PI + (i / steps) * Math.PI * 2,
        px = C[0] + a * Math.cos(t),
        py = C[1] + b * Math.sin(t);
      if ((Math.cos(t) / a) * px + (Math.sin(t) / b) * py < 0) pts.push({ p: [px, py, z], t });
    }
    return pts;
  };
  const base = ellipse(245, 180, 0),
    summit = ellipse(198, 136, 40);
  add(s, 230, polyS(s, [...base.map((q) => q.p), ...summit.map((q) => q.p).reverse()], glacis));
  // Shade on the eastern flank, away from the low western sun.
  const shadeFrom = -Math.PI / 2 + 0.55;
  add(
    s,
    229,
    polyS(
      s,
      [
        ...base.filter((q) => q.t > shadeFrom).map((q) => q.p),
        ...summit
          .filter((q) => q.t > shadeFrom)
          .map((q) => q.p)
          .reverse(),
      ],
      glacisShade,
    ),
  );
  // The walls on the summit, with towers and merlons.
  const rim = ellipse(198, 136, 40, 360);
  add(s, 200, polyS(s, [...rim.map((q) => q.p), ...rim.map((q) => [q.p[0], q.p[1], 51] as V3).reverse()], stone));
  let crest = "";
  for (let i = 0; i < rim.length; i += 2) {
    const p = rim[i].p;
    crest += bb(s, p[0], p[1], rectSh(-0.8, 0.8, 51, 53), stone);
  }
  add(s, 199, crest);
  for (let i = 8; i < rim.length - 4; i += 18) {
    const { t } = rim[i],
      x = C[0] + 202 * Math.cos(t),
      y = C[1] + 140 * Math.sin(t);
    if (Math.abs(x - 75) < 24) continue; // the entrance block stands there
    let g = bb(s, x, y, rectSh(-6, 6, 38, 57), stone) + bb(s, x, y, rectSh(2.5, 6, 38, 57), shade);
    for (const m of merlonsSh(-6, 6, 57, 1.4, 1.8, 1.1)) g += bb(s, x, y, m, stone);
    g += bb(s, x, y, rectSh(-0.4, 0.4, 47, 50), dark);
    add(s, Math.hypot(x, y) - 1, g);
  }
  // The bridge on tall arches, climbing from the advanced gate tower to the entrance block.
  {
    const x = 70,
      y0 = 46,
      y1 = 100,
      len = y1 - y0;
    const deck = (y: number) => 12 + ((y - y0) / len) * 20,
      ground = (y: number) => Math.max(0, Math.min(40, ((y - 58) / 46) * 40));
    const a: P2 = [x, y0],
      b: P2 = [x, y1];
    let g = wall(
      s,
      a,
      b,
      [
        [0, 0],
        [7, 0],
        [len, ground(y1)],
        [len, deck(y1) + 1.5],
        [0, deck(y0) + 1.5],
      ],
      stone,
    );
    for (let u = 2.2; u + 4.6 < len - 2; u += 7) {
      const bottom = ground(y0 + u),
        spring = deck(y0 + u) - 6;
      if (spring - bottom > 2.5) g += wall(s, a, b, archSh(u, u + 4.6, bottom, spring, true), "#7d5a3c");
    }
    for (let u = 0.3; u < len - 1.2; u += 2.6) g += wall(s, a, b, rectSh(u, u + 1.3, deck(y0 + u) + 1.4, deck(y0 + u) + 2.6), stone);
    g += wall(
      s,
      a,
      b,
      [
        [0, deck(y0)],
        [len, deck(y1)],
        [len, deck(y1) + 0.5],
        [0, deck(y0) + 0.5],
      ],
      shade,
    );
    add(s, 62, g);
  }
  // The advanced gate tower at the foot of the bridge.
  {
    const f0: P2 = [64, 34],
      f1p: P2 = [82, 34],
      s0: P2 = [64, 46],
      s1: P2 = [64, 34];
    let g = wall(s, s0, s1, rectSh(0, 12, 0, 21), shade) + wall(s, f0, f1p, rectSh(0, 18, 0, 21), stone);
    g += wall(s, f0, f1p, archSh(6.5, 11.5, 0, 5.5, true), dark) + wall(s, f0, f1p, rectSh(0, 18, 15.5, 16.2), shade);
    for (const m of merlonsSh(0.2, 18, 21, 1.5, 1.8, 1.2)) g += wall(s, f0, f1p, m, stone);
    for (const u of [3, 15]) g += wall(s, f0, f1p, rectSh(u - 0.3, u + 0.3, 9, 12), dark);
    add(s, 36, g);
  }
  // The great entrance block, with the Mamluk Throne Hall above the gate.
  {
    const f0: P2 = [54, 100],
      f1p: P2 = [94, 100],
      s0: P2 = [54, 124],
      s1: P2 = [54, 100];
    let g = wall(s, s0, s1, rectSh(0, 24, 24, 62), shade) + wall(s, f0, f1p, rectSh(0, 40, 24, 62), stone);
    g += wall(s, f0, f1p, archSh(13, 21, 30, 38, true), dark);
    for (let u = 1.5; u < 39; u += 2.4) g += wall(s, f0, f1p, rectSh(u, u + 1.2, 47, 48.6), dark);
    g += wall(s, f0, f1p, rectSh(0, 40, 48.6, 49.5), shade);
    for (const u of [5, 11.5, 18, 24.5, 31]) g += wall(s, f0, f1p, archSh(u, u + 2.6, 52, 55.4), dark);
    for (const m of merlonsSh(0.3, 40, 62, 1.8, 2.2, 1.4)) g += wall(s, f0, f1p, m, stone);
    add(s, 100, g);
  }
  // The old city around the esplanade: houses, domes, minarets and a few trees.
  const rnd = randomFrom("aleppo-city");
  for (let i = 0; i < 46; i++) {
    const a = rad(64 + rnd() * 232),
      d = 42 + rnd() * 45;
    const x = d * Math.sin(a),
      y = d * Math.cos(a),
      w = 6 + rnd() * 7,
      h = 6 + rnd() * 9,
      tone = ["#e6c89a", "#dcbb8c", "#efd4aa", "#d4b084"][Math.floor(rnd() * 4)];
    let g = bb(s, x, y, rectSh(-w, w, 0, h), tone) + bb(s, x, y, rectSh(w * 0.55, w, 0, h), shade, ` opacity="0.55"`);
    for (let wy = 3; wy < h - 2; wy += 3.4)
      for (let wx = -w + 1.5; wx < w - 2; wx += 3.2) g += bb(s, x, y, rectSh(wx, wx + 1.1, wy, wy + 1.6), "#7d5a40");
    if (rnd() > 0.7) g += bb(s, x, y, domeSh(-w * 0.3, w * 0.45, h, 0.9), shade);
    g += bb(s, x, y, rectSh(-w, w, h, h + 0.6), shade);
    add(s, d, g);
  }
  for (const [azd, d, h] of [
    [118, 120, 42],
    [205, 150, 38],
    [262, 110, 34],
  ]) {
    const a = rad(azd),
      x = d * Math.sin(a),
      y = d * Math.cos(a);
    add(
      s,
      d,
      bb(s, x, y, rectSh(-1.6, 1.6, 0, h), stone) +
        bb(s, x, y, rectSh(0.5, 1.6, 0, h), shade) +
        bb(s, x, y, rectSh(-2.3, 2.3, h, h + 1.1), shade) +
        bb(s, x, y, rectSh(-1.1, 1.1, h + 1.1, h + 5), stone) +
        bb(
          s,
          x,
          y,
          [
            [-1.3, h + 5],
            [1.3, h + 5],
            [0, h + 9],
          ],
          "#8e9aa4",
        ),
    );
  }
  for (let i = 0; i < 14; i++) {
    const a = rad(-(40 + rnd() * 30)),
      d = 22 + rnd() * 16,
      x = d * Math.sin(a),
      y = d * Math.cos(a),
      h = 4 + rnd() * 3;
    add(
      s,
      d,
      bb(s, x, y, rectSh(-0.2, 0.2, 0, h * 0.5), "#6b4a33") +
        bb(s, x, y, circleSh(0, h * 0.75, h * 0.35, 1.1), rnd() > 0.5 ? "#4f7a3e" : "#5f8a48"),
    );
  }
  return panoSvg(s, back);
}

// --- Krak des Chevaliers: on the hillside facing the castle's south front. --------------------------
function panoKrak(): string {
  const c = { stone: "#e9dfc8", shade: "#c7b892", dark: "#6f6452" };
  const s: Pano = { yaw: 0, items: [] };
  const back = backdrop(s, {
    top: "#1f86c4",
    mid: "#62b7e3",
    horizon: "#dcf1f8",
    sun: "#fff6cf",
    sunAz: -140,
    sunEl: 34,
    ground: "#86a764",
    nadir: "#5d7a44",
    ridges: [
      { fill: "#a7bccb", el: (az) => bump(190, 28, 3.6)(az) + bump(160, 14, 2.2)(az) + harmonics("krak-far", 0.8, 0.4)(az), opacity: 0.9 },
      { fill: "#9ab7a3", el: harmonics("krak-mid", 1.4, 0.7) },
      { fill: "#7f9f60", el: (az) => bump(-95, 30, 1.4)(az) + bump(100, 25, 1.1)(az) },
    ],
  });
  const rnd = randomFrom("krak");
  // Villages on the hills, olive trees on the slopes, rocks close by.
  for (let i = 0; i < 60; i++) {
    const azd = (rnd() > 0.5 ? 1 : -1) * (60 + rnd() * 80),
      d = 700 + rnd() * 900,
      a = rad(azd),
      x = d * Math.sin(a),
      y = d * Math.cos(a);
    const base = Math.tan(rad(rnd() * 0.9)) * d,
      w = 5 + rnd() * 6;
    add(s, d, bb(s, x, y, rectSh(-w, w, base, base + 6 + rnd() * 4), rnd() > 0.3 ? "#efe6d3" : "#e2d4b8"));
  }
  for (let i = 0; i < 240; i++) {
    const a = rad(-180 + rnd() * 360),
      d = 20 + rnd() * 300,
      x = d * Math.sin(a),
      y = d * Math.cos(a),
      h = 3 + rnd() * 2;
    if (Math.abs(wrapAngle(a)) < rad(46) && d > 30) continue;
    add(
      s,
      d,
      bb(s, x, y, rectSh(-0.2, 0.2, 0, h * 0.45), "#5b4636") +
        bb(s, x, y, circleSh(0, h * 0.7, h * 0.38, 0.85), rnd() > 0.5 ? "#4d7a3e" : "#5f8c4b"),
    );
  }
  for (let i = 0; i < 16; i++) {
    const a = rad(-180 + rnd() * 360),
      d = 6 + rnd() * 14,
      x = d * Math.sin(a),
      y = d * Math.cos(a),
      w = 0.2 + rnd() * 0.3;
    add(
      s,
      d,
      bb(
        s,
        x,
        y,
        [
          [-w, 0],
          [w, 0],
          [w * 0.8, w * 0.7],
          [w * 0.2, w],
          [-w * 0.5, w * 0.85],
        ],
        "#a9a392",
      ),
    );
  }
  // The castle's hill, rising in front of the viewer.
  const H = 14; // the castle stands this much higher than the viewer
  add(
    s,
    1000,
    polyS(
      s,
      [
        [-280, 30, 0],
        [280, 30, 0],
        [170, 96, H - 4],
        [100, 104, H],
        [-100, 104, H],
        [-170, 96, H - 4],
      ],
      "#93b26f",
    ),
  );
  // The inner castle: the sloping talus, the upper wards, the three great towers of the south front.
  add(
    s,
    160,
    polyS(
      s,
      [
        [-58, 140, H + 7],
        [58, 140, H + 7],
        [54, 152, H + 35],
        [-54, 152, H + 35],
      ],
      "#ddd2b8",
    ),
  );
  add(
    s,
    161,
    polyS(
      s,
      [
        [-54, 152, H + 34],
        [54, 152, H + 34],
        [54, 200, H + 40],
        [-54, 200, H + 40],
      ],
      c.stone,
    ) +
      polyS(
        s,
        [
          [-30, 175, H + 40],
          [10, 175, H + 40],
          [-10, 175, H + 47],
        ],
        c.shade,
      ),
  );
  for (const [x, y, r, z1] of [
    [-40, 143, 11, 46],
    [-6, 138, 12, 48],
    [30, 144, 11, 45],
  ])
    add(s, Math.hypot(x, y) - 2, roundTower(s, x, y, r, H + 7, H + z1, c, 3));
  // The outer wall with its round towers.
  {
    const a: P2 = [-80, 110],
      b: P2 = [80, 110];
    let g = wall(s, a, b, rectSh(0, 160, H - 1, H + 15), c.stone) + wall(s, a, b, rectSh(0, 160, H - 1, H + 1), c.shade);
    for (const m of merlonsSh(0.5, 160, H + 15, 1.6, 1.8, 1.3)) g += wall(s, a, b, m, c.stone);
    for (let u = 8; u < 154; u += 9) g += wall(s, a, b, rectSh(u, u + 0.5, H + 6, H + 9.5), c.dark);
    add(s, 110.5, g);
  }
  for (const [x, r] of [
    [-80, 7],
    [-42, 6],
    [-4, 6.5],
    [36, 6],
    [80, 7],
  ])
    add(s, Math.hypot(x, 107) - 1, roundTower(s, x, 107, r, H - 2, H + 20, c, 2));
  return panoSvg(s, back);
}

// ---------------------------------------------------------------------------------------------------

export const PANORAMAS: Array<{ place: string; draw: () => string }> = [
  { place: "umayyad-mosque", draw: panoUmayyad },
  { place: "palmyra", draw: panoPalmyra },
  { place: "bosra-roman-theatre", draw: panoBosra },
  { place: "citadel-of-aleppo", draw: panoAleppo },
  { place: "krak-des-chevaliers", draw: panoKrak },
];
