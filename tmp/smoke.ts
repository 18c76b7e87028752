import { testApp } from "../tests/setup/test-app.ts";
for (const engine of ["sqlite", "postgres"] as const) {
  const t0 = performance.now();
  const { app, close } = await testApp(engine);
  console.log(engine, "ready in", Math.round(performance.now() - t0));
  for (const path of ["/back/api/user/language1/languages", "/back/api/user/category1/category/language/2", "/back/api/user/place1/places/category/3/language/3?per_page=1", "/back/api/user/place1/places/city/1/category/2/language/1/service/1/star/5", "/back/api/user/media1/media/place/1/city/1/category/1/language/2", "/back/api/user/link1/links/place/1/city/1/category/1/language/1", "/back/api/user/star1/star/category/2/language/1/service/1/city/1", "/back/api/user/place1/places/abc", "/back/api/user/language1/languages/99"]) {
    const r = await app.request(path);
    console.log(r.status, path, (await r.text()).slice(0, 300));
  }
  const r = await app.request("/back/api/user/place1/search?page=1&per_page=10", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "damas", star: 0, service: 0, language: 3 }) });
  console.log(r.status, (await r.text()).slice(0, 300));
  await close();
}
