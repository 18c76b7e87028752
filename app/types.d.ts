// Pannellum ships a plain script that defines window.pannellum; it is imported only for its effect.
declare module "pannellum/build/pannellum.js";
// Vite's `?inline` import: the processed (minified) stylesheet as a string (app/entry.server.tsx).
declare module "*.css?inline" {
  const css: string;
  export default css;
}
