// The seed 360° panoramas, drawn as SVG and encoded by the caller: one module per place in panoramas/,
// on the projector and shapes of panoramas/drawing.ts.
import { drawBosraTheatre } from "./panoramas/bosra-roman-theatre.ts";
import { drawAleppoCitadel } from "./panoramas/citadel-of-aleppo.ts";
import { drawKrakDesChevaliers } from "./panoramas/krak-des-chevaliers.ts";
import { drawPalmyra } from "./panoramas/palmyra.ts";
import { drawUmayyadMosque } from "./panoramas/umayyad-mosque.ts";

export const PANORAMAS: Array<{ place: string; draw: () => string }> = [
  { place: "umayyad-mosque", draw: drawUmayyadMosque },
  { place: "palmyra", draw: drawPalmyra },
  { place: "bosra-roman-theatre", draw: drawBosraTheatre },
  { place: "citadel-of-aleppo", draw: drawAleppoCitadel },
  { place: "krak-des-chevaliers", draw: drawKrakDesChevaliers },
];
