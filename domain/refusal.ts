// A refusal the domain gives with a code the pages turn into a message and a status (an editing refusal, a
// workspace one, the inbox's, an upload's). They are told apart by name, never by `instanceof`: the pages'
// server build bundles its own copies of the domain's modules, while the services that throw come from the
// ones Node loaded.
export class Refusal<Code extends string> extends Error {
  readonly code: Code;
  constructor(name: string, code: Code) {
    super(code);
    this.name = name;
    this.code = code;
  }
}

/** The test for one kind of refusal, by its name. */
export function refusalTest<T extends Refusal<string>>(name: string): (error: unknown) => error is T {
  return (error: unknown): error is T => error instanceof Error && error.name === name;
}
