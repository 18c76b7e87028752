// Looks up "group.key" in a language's texts and fills {placeholders}.
export type MessageTree = { [key: string]: string | MessageTree };

export function translate(messages: MessageTree, key: string, vars?: Record<string, string | number>): string {
  let node: string | MessageTree | undefined = messages;
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  // A missing key shows itself, which the translation tests make impossible to ship.
  if (typeof node !== "string") return key;
  return vars ? node.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole)) : node;
}
