// The Citadel of Aleppo: on the esplanade in front of the entrance bridge.
import { randomFrom } from "../../../domain/media/illustrate.ts";
import {
  add,
  archSh,
  backdrop,
  bb,
  circleSh,
  domeSh,
  harmonics,
  merlonsSh,
  type P2,
  type Pano,
  type Rnd,
  panoSvg,
  polyS,
  rad,
  rectSh,
  type V3,
  wall,
} from "./drawing.ts";

const stone = "#ead0a4",
  shade = "#bb8f60",
  glacis = "#d3a974",
  glacisShade = "#b98b5b",
  dark = "#5a3d2b";

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

function mound(s: Pano) {
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
}

// The walls on the summit, with towers and merlons.
function summitWalls(s: Pano) {
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
}

// The bridge on tall arches, climbing from the advanced gate tower to the entrance block.
function bridge(s: Pano) {
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
function gateTower(s: Pano) {
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
function entranceBlock(s: Pano) {
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
function houses(s: Pano, rnd: Rnd) {
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
}
function minarets(s: Pano) {
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
}
function trees(s: Pano, rnd: Rnd) {
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
}

export function drawAleppoCitadel(): string {
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
  mound(s);
  summitWalls(s);
  bridge(s);
  gateTower(s);
  entranceBlock(s);
  const rnd = randomFrom("aleppo-city");
  houses(s, rnd);
  minarets(s);
  trees(s, rnd);
  return panoSvg(s, back);
}
