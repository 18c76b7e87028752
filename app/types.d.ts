// Pannellum ships a plain script that defines window.pannellum; it is imported only for its effect.
declare module "pannellum/build/pannellum.js";
