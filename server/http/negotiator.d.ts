// negotiator 1.x takes an order of preference for ties; the DefinitelyTyped package describes 0.6 without it.
declare module "negotiator" {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    encodings(available?: string[], options?: { preferred?: string[] }): string[];
  }
}
