// The drawing shared by the seed 360° panoramas (scripts/seed-media/panoramas.ts): a tiny projector and
// the flat shapes each scene is built from.
import { randomFrom } from "../../../domain/media/illustrate.ts";

// ---------------------------------------------------------------------------------------------------
// Panoramas: equirectangular 4096x2048. A tiny 3D projector places simple flat-coloured shapes around
// a viewer standing at the origin (x east/right, y forward, z up, metres, eyes at 1.6 m): azimuth maps
// to x, elevation to y, so walls become the curves a real 360-degree photograph shows. A shape that
// crosses an edge is drawn again one width to the left or right, so the two edges join seamlessly.

export const PW = 4096,
  PH = 2048;
export const EYE = 1.6;
export type V3 = readonly [number, number, number];
export type P2 = readonly [number, number];
export interface Pano {
  yaw: number;
  items: Array<{ d: number; svg: string }>;
}
/** A panorama's seeded random sequence: the parts that draw from it must run in the same order. */
export type Rnd = () => number;
export const f1 = (v: number) => (Math.round(v * 10) / 10).toString();
export const rad = (deg: number) => (deg * Math.PI) / 180;
export const wrapAngle = (a: number) => Math.atan2(Math.sin(a), Math.cos(a));

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
export function seamShifts(x0: number, x1: number): number[] {
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
export const polyS = (s: Pano, pts: readonly V3[], fill: string, extra = "") =>
  pathCopies(projectPath(s, pts, true), true, ` fill="${fill}"${extra}`);
export const lineS = (s: Pano, pts: readonly V3[], stroke: string, width: number, extra = "") =>
  pathCopies(projectPath(s, pts, false), false, ` fill="none" stroke="${stroke}" stroke-width="${width}"${extra}`);
export const add = (s: Pano, d: number, svg: string) => {
  s.items.push({ d, svg });
};

/**
 * `count` things scattered around the viewer, each at a random bearing and distance (`near` plus up to `spread`)
 * and of a random size (`size` plus up to `sizeSpread`), drawn by `draw` where it stands: the loose stones of a
 * scene. The draws come in the same order whatever `draw` does, so a scene stays the same picture.
 */
export function scatter(
  s: Pano,
  rnd: Rnd,
  { count, near, spread, size, sizeSpread }: { count: number; near: number; spread: number; size: number; sizeSpread: number },
  draw: (x: number, y: number, w: number) => string,
) {
  for (let i = 0; i < count; i++) {
    const a = rad(-180 + rnd() * 360),
      d = near + rnd() * spread,
      w = size + rnd() * sizeSpread;
    add(s, d, draw(d * Math.sin(a), d * Math.cos(a), w));
  }
}

// 2D shapes (u along a wall or across the view, z up) and the ways to stand them in 3D.
export type Shape = P2[];
export const rectSh = (u0: number, u1: number, z0: number, z1: number): Shape => [
  [u0, z0],
  [u1, z0],
  [u1, z1],
  [u0, z1],
];
export function archSh(u0: number, u1: number, z0: number, spring: number, pointed = false): Shape {
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
export function domeSh(c: number, r: number, base: number, k = 1.05): Shape {
  const pts: P2[] = [];
  for (let i = 0; i <= 16; i++) {
    const a = Math.PI - (i / 16) * Math.PI;
    pts.push([c + Math.cos(a) * r, base + Math.sin(a) * r * k]);
  }
  return pts;
}
export function circleSh(c: number, z: number, r: number, k = 1): Shape {
  const pts: P2[] = [];
  for (let i = 0; i < 14; i++) {
    const a = (i / 14) * Math.PI * 2;
    pts.push([c + Math.cos(a) * r, z + Math.sin(a) * r * k]);
  }
  return pts;
}
export function merlonsSh(u0: number, u1: number, top: number, w = 1.4, h = 1.6, gap = 1.2): Shape[] {
  const out: Shape[] = [];
  for (let u = u0; u + w <= u1 + 0.01; u += w + gap) out.push(rectSh(u, u + w, top, top + h));
  return out;
}
/** A shape standing upright at (x, y), facing the viewer. */
export function bb(s: Pano, x: number, y: number, shape: Shape, fill: string, extra = "") {
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
export function wall(s: Pano, a: P2, b: P2, shape: Shape, fill: string, extra = "") {
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
export const wallLen = (a: P2, b: P2) => Math.hypot(b[0] - a[0], b[1] - a[1]);
/** Distance from the viewer to the nearest point of a wall. */
export function wallDist(a: P2, b: P2) {
  const dx = b[0] - a[0],
    dy = b[1] - a[1],
    len2 = dx * dx + dy * dy;
  const t = Math.max(0, Math.min(1, -(a[0] * dx + a[1] * dy) / len2));
  return Math.hypot(a[0] + dx * t, a[1] + dy * t);
}
/** A round tower seen from the viewer: body, shaded side, merlons, slits. */
export function roundTower(
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
export function backdrop(s: Pano, b: Backdrop): string {
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
export function harmonics(seed: string, base: number, amp: number, terms = 6): (az: number) => number {
  const r = randomFrom(seed);
  const h = Array.from({ length: terms }, (_, i) => ({
    k: i + 1 + Math.floor(r() * 3) * (i + 1),
    a: (amp * (0.5 + r())) / (i + 1),
    p: r() * Math.PI * 2,
  }));
  return (az) => Math.max(0, base + h.reduce((sum, t) => sum + t.a * Math.sin(t.k * az + t.p), 0));
}
/** A bump of height h (degrees) centred on azimuth c (degrees), half-width w (degrees). */
export const bump = (c: number, w: number, h: number) => (az: number) => h * Math.exp(-((wrapAngle(az - rad(c)) / rad(w)) ** 2));

export function panoSvg(s: Pano, back: string): string {
  const body = s.items
    .map((it, i) => ({ ...it, i }))
    .sort((a, b) => b.d - a.d || a.i - b.i)
    .map((it) => it.svg)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PW}" height="${PH}" viewBox="0 0 ${PW} ${PH}">${back}${body}</svg>`;
}
