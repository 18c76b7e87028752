// Krak des Chevaliers: on the hillside facing the castle's south front.
import { randomFrom } from "../../../domain/media/illustrate.ts";
import {
  add,
  backdrop,
  bb,
  bump,
  circleSh,
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
  roundTower,
  wall,
  wrapAngle,
} from "./drawing.ts";

const c = { stone: "#e9dfc8", shade: "#c7b892", dark: "#6f6452" };
const H = 14; // the castle stands this much higher than the viewer

// Villages on the hills, olive trees on the slopes, rocks close by.
function villages(s: Pano, rnd: Rnd) {
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
}
function olives(s: Pano, rnd: Rnd) {
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
}
function rocks(s: Pano, rnd: Rnd) {
  scatter(s, rnd, { count: 16, near: 6, spread: 14, size: 0.2, sizeSpread: 0.3 }, (x, y, w) =>
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
function hill(s: Pano) {
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
}

// The inner castle: the sloping talus, the upper wards, the three great towers of the south front.
function innerCastle(s: Pano) {
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
}

// The outer wall with its round towers.
function outerWall(s: Pano) {
  const a: P2 = [-80, 110],
    b: P2 = [80, 110];
  let g = wall(s, a, b, rectSh(0, 160, H - 1, H + 15), c.stone) + wall(s, a, b, rectSh(0, 160, H - 1, H + 1), c.shade);
  for (const m of merlonsSh(0.5, 160, H + 15, 1.6, 1.8, 1.3)) g += wall(s, a, b, m, c.stone);
  for (let u = 8; u < 154; u += 9) g += wall(s, a, b, rectSh(u, u + 0.5, H + 6, H + 9.5), c.dark);
  add(s, 110.5, g);
  for (const [x, r] of [
    [-80, 7],
    [-42, 6],
    [-4, 6.5],
    [36, 6],
    [80, 7],
  ])
    add(s, Math.hypot(x, 107) - 1, roundTower(s, x, 107, r, H - 2, H + 20, c, 2));
}

export function drawKrakDesChevaliers(): string {
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
  villages(s, rnd);
  olives(s, rnd);
  rocks(s, rnd);
  hill(s);
  innerCastle(s);
  outerWall(s);
  return panoSvg(s, back);
}
