// Media, links and ways of one place: the three calls the original clients make for a site's actions.
import { z } from "zod";
import { endpoint } from "../registry.ts";
import { found, id, languageOr404, languageQuery, originOf } from "../common.ts";
import type { Domain } from "../../../domain/domain.ts";
import type { SiteConfig } from "../../../shared/site-config.ts";
import { linkSchema, listOf, mediaSchema, presentLink, presentMedia, presentWay, waySchema } from "../presenters.ts";

const placeParams = z.object({ place: id("place"), city: id("city"), cat: id("cat"), lang: id("lang") });

export const mediaRoutes = (domain: Domain, site: SiteConfig) => {
  /** The place, in the asked language, if it lies in that city and category; 404 otherwise. */
  async function placeIn(params: z.infer<typeof placeParams>) {
    const language = await languageOr404(domain.content, params.lang);
    const place = found(
      await domain.content.placeAt(language.code, params.place, { cityId: params.city, categoryId: params.cat }),
      "Place",
    );
    return { place, language };
  }
  const absolute = (origin: string, src: string) => (/^https?:\/\//.test(src) ? src : origin + src);

  return [
    endpoint({
      method: "get",
      path: "/media1/media/place/:place/city/:city/category/:cat/language/:lang",
      tag: "places",
      summary: "Images (med_type 1) and the site-information text (med_type 2) of a place",
      errors: [400, 404],
      params: placeParams,
      response: listOf(mediaSchema),
      handle: async ({ params, c }) => {
        const scope = await placeIn(params);
        const media = await domain.content.mediaOfPlace(scope.language.code, scope.place.id);
        const origin = originOf(c, site);
        const info = `${origin}/back/api/user/place1/places/${scope.place.id}/information.txt?language=${scope.language.id}`;
        return {
          data: [
            ...media.images.map((m) => presentMedia(m, scope, absolute(origin, m.src), origin)),
            ...media.info.map((m) => presentMedia(m, scope, info, origin)),
          ],
        };
      },
    }),
    endpoint({
      method: "get",
      path: "/link1/links/place/:place/city/:city/category/:cat/language/:lang",
      tag: "places",
      summary: "Sign-language videos (1), videos (2) and virtual tours (3) of a place",
      errors: [400, 404],
      params: placeParams,
      response: listOf(linkSchema),
      handle: async ({ params, c }) => {
        const scope = await placeIn(params);
        const media = await domain.content.mediaOfPlace(scope.language.code, scope.place.id);
        const origin = originOf(c, site);
        return {
          data: [...media.sign, ...media.videos, ...media.youtube, ...media.tours, ...media.panoramas].map((m) =>
            presentLink(m, scope, absolute(origin, m.src)),
          ),
        };
      },
    }),
    endpoint({
      method: "get",
      path: "/way1/ways/place/:place/city/:city/category/:cat/language/:lang",
      tag: "places",
      summary: "How to get to a place: its coordinates (vertical = latitude, horizontal = longitude) and address",
      errors: [400, 404],
      params: placeParams,
      response: listOf(waySchema),
      handle: async ({ params }) => ({ data: [presentWay(await placeIn(params))] }),
    }),
    endpoint({
      method: "get",
      path: "/place1/places/:id/information.txt",
      tag: "places",
      summary: "The information text of a place as plain text (the document med_type 2 points to)",
      errors: [400, 404],
      params: z.object({ id: id("id") }),
      query: languageQuery,
      response: z.string(),
      contentType: "text/plain",
      handle: async ({ params, query, c }) => {
        const language = await languageOr404(domain.content, query.language);
        const place = found(await domain.content.place(language.code, params.id), "Place");
        return c.text(`${place.name}\n\n${place.information}\n`, 200, { "content-language": language.code });
      },
    }),
  ];
};
