// What a pack takes from a page: the places it links to, the guide's pages, its scripts, and each picture once
// at its smallest WebP width, read from HTML shaped as the site writes it.
import { describe, expect, it } from "vitest";
import { guideLinks, placeLinks, scriptsOf, smallestPictures } from "./trip-pack-contents.ts";
import { pictureOf } from "../shared/trip-packs.ts";

const page = `
<a class="card-link" href="/ar/cities/1/sites/1/action/8">الجامع الأموي</a>
<a class="card-link" href="/ar/cities/1/sites/1/action/8">again</a>
<a href="/ar/cities/3/sites/1/action/64">x</a>
<a href="/ar/cities/1/sites/1/action/8/info">a sub-page, not a place's page</a>
<a href="/ar/plan/visas">visas</a><a href="/ar/plan">the guide</a>
<link rel="modulepreload" href="/assets/root-Cgd.js"/>
<script type="module">import("/assets/entry.client-D4L.js"); const x = ["/assets/app-DNk.js","/assets/root-Cgd.js"];</script>
<picture>
  <source type="image/avif" srcSet="/media/img/umayyad.0123456789ab.480.avif 480w, /media/img/umayyad.0123456789ab.960.avif 960w" />
  <source type="image/webp" srcSet="/media/img/umayyad.0123456789ab.960.webp 960w, /media/img/umayyad.0123456789ab.480.webp 480w" />
  <img src="/media/img/umayyad.0123456789ab.960.webp" />
</picture>
<picture><source type="image/webp" srcSet="/media/lib/img/skyline.fedcba987654.960.webp 960w, /media/lib/img/skyline.fedcba987654.1600.webp 1600w" /></picture>
`;

describe("a trip pack's contents", () => {
  it("takes each place's page once, and the guide's pages", () => {
    expect(placeLinks(page)).toEqual(["/ar/cities/1/sites/1/action/8", "/ar/cities/3/sites/1/action/64"]);
    expect(guideLinks(page)).toEqual(["/ar/plan/visas"]);
  });

  it("takes every script the page loads or preloads, once", () => {
    expect(scriptsOf(page)).toEqual(["/assets/root-Cgd.js", "/assets/entry.client-D4L.js", "/assets/app-DNk.js"]);
  });

  it("takes each picture once, its smallest WebP variant", () => {
    expect(smallestPictures(page)).toEqual(["/media/img/umayyad.0123456789ab.480.webp", "/media/lib/img/skyline.fedcba987654.960.webp"]);
  });

  it("knows a variant's picture whatever its width and format, and nothing else", () => {
    expect(pictureOf("/media/img/umayyad.0123456789ab.1600.avif")).toBe(pictureOf("/media/img/umayyad.0123456789ab.480.webp"));
    expect(pictureOf("/assets/app-DNk.js")).toBeUndefined();
  });
});
