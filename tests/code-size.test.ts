// The size rules the code keeps: no file over 400 lines but the seed generators' drawings, and
// no function over 80 lines of its own. A function's own lines are its lines less those of the functions
// inside it, so a factory of short methods, or a React component of small ones, counts only its own body.
// Biome's noExcessiveLinesPerFunction counts a factory's methods as its own lines, so it cannot say this.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 80;
/** The seed's drawn pictures are long lists of shapes, made once and never served as code. */
const SEED_DRAWINGS = /^scripts\/seed-media\//;

const files = execFileSync("git", ["ls-files", "*.ts", "*.tsx"], { encoding: "utf8" }).trim().split("\n");
const lineCount = (text: string) => text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
const isFunction = (n: ts.Node) =>
  ts.isFunctionDeclaration(n) ||
  ts.isMethodDeclaration(n) ||
  ts.isArrowFunction(n) ||
  ts.isFunctionExpression(n) ||
  ts.isConstructorDeclaration(n) ||
  ts.isGetAccessor(n) ||
  ts.isSetAccessor(n);

/** Each function of a file whose own lines are over the limit: "file:line (own lines)". */
function longFunctions(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const lines = (n: ts.Node) =>
    source.getLineAndCharacterOfPosition(n.getEnd()).line - source.getLineAndCharacterOfPosition(n.getStart()).line + 1;
  const nested = (n: ts.Node): number => {
    let total = 0;
    n.forEachChild(function visit(child) {
      if (isFunction(child)) total += lines(child);
      else child.forEachChild(visit);
    });
    return total;
  };
  const found: string[] = [];
  source.forEachChild(function visit(n) {
    if (isFunction(n) && lines(n) - nested(n) > MAX_FUNCTION_LINES)
      found.push(`${file}:${source.getLineAndCharacterOfPosition(n.getStart()).line + 1} (${lines(n) - nested(n)})`);
    n.forEachChild(visit);
  });
  return found;
}

describe("the code's size", () => {
  it(`has no file over ${MAX_FILE_LINES} lines but the seed's drawings`, () => {
    const long = files.filter((f) => !SEED_DRAWINGS.test(f)).filter((f) => lineCount(readFileSync(f, "utf8")) > MAX_FILE_LINES);
    expect(long).toEqual([]);
  });

  it(`has no function over ${MAX_FUNCTION_LINES} lines of its own`, () => {
    expect(files.flatMap((f) => longFunctions(f, readFileSync(f, "utf8")))).toEqual([]);
  });

  it("counts a function's own lines, not those of the functions inside it", () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join("\n");
    const short = `function outer() {\n  const inner = () => {\n${body(MAX_FUNCTION_LINES)}\n  };\n  return inner;\n}\n`;
    const long = `function outer() {\n${body(MAX_FUNCTION_LINES)}\n}\n`;
    expect(longFunctions("short.ts", short)).toEqual(["short.ts:2 (82)"]);
    expect(longFunctions("long.ts", long)).toEqual(["long.ts:1 (82)"]);
  });
});
