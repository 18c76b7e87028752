// Finds real ids through the API, so the tests do not hard-code database ids.
import { baseURL } from "./browser.ts";

type Place = { id: number; place_name: string; categories_idcategories: number; cities_idcities: number };

export async function findPlace(name: string, language = 1): Promise<Place> {
  const res = await fetch(`${baseURL()}/back/api/user/place1/search`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name, language }),
  });
  const body = (await res.json()) as { data: Place[] };
  if (!body.data[0]) throw new Error(`no place for ${name}`);
  return body.data[0];
}

export const placePath = (p: Place, prefix = "") =>
  `${prefix}/cities/${p.categories_idcategories}/sites/${p.cities_idcities}/action/${p.id}`;
