// The fields a browser would post for one form of a server-rendered page, read from its HTML: text inputs and
// hidden ones, checked boxes, textareas and the selected option of each select; disabled controls and buttons
// left out. Enough for the workspace's forms, which React renders with double-quoted attributes.

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === "#")
      return String.fromCodePoint(code[1].toLowerCase() === "x" ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1)));
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

function attributes(tag: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of tag.matchAll(/([^\s"'=<>/]+)(?:="([^"]*)")?/g)) out.set(m[1].toLowerCase(), decodeEntities(m[2] ?? ""));
  return out;
}

/** The HTML of the first form whose action is `action` (a path), without its <form> tag; undefined when none. */
export function formHtml(html: string, action: string): string | undefined {
  for (const m of html.matchAll(/<form\b([^>]*)>/g)) {
    if (attributes(m[1]).get("action") !== action) continue;
    const start = m.index + m[0].length;
    const end = html.indexOf("</form>", start);
    return end < 0 ? undefined : html.slice(start, end);
  }
  return undefined;
}

/** The name-value pairs the form posts, in document order (a browser's FormData without a submit button). */
export function formFields(form: string): Array<[string, string]> {
  const fields: Array<[string, string]> = [];
  const controls = /<(input|textarea|select)\b([^>]*)>/g;
  for (let m = controls.exec(form); m; m = controls.exec(form)) {
    const [, element, rawAttributes] = m;
    const a = attributes(rawAttributes);
    const name = a.get("name");
    const closing = element === "input" ? -1 : form.indexOf(`</${element}>`, controls.lastIndex);
    const inner = closing < 0 ? "" : form.slice(controls.lastIndex, closing);
    if (closing >= 0) controls.lastIndex = closing;
    if (!name || a.has("disabled")) continue;
    if (element === "input") {
      const type = (a.get("type") ?? "text").toLowerCase();
      if (["submit", "button", "reset", "image", "file"].includes(type)) continue;
      if ((type === "checkbox" || type === "radio") && !a.has("checked")) continue;
      fields.push([name, a.get("value") ?? (type === "checkbox" || type === "radio" ? "on" : "")]);
    } else if (element === "textarea") {
      // The HTML parser drops one newline right after <textarea>.
      fields.push([name, decodeEntities(inner.replace(/^\r?\n/, ""))]);
    } else {
      const options = [...inner.matchAll(/<option\b([^>]*)>([^<]*)/g)].map((o) => ({ a: attributes(o[1]), text: decodeEntities(o[2]) }));
      const chosen = a.has("multiple")
        ? options.filter((o) => o.a.has("selected"))
        : [options.find((o) => o.a.has("selected")) ?? options[0]];
      for (const o of chosen) if (o && !o.a.has("disabled")) fields.push([name, o.a.get("value") ?? o.text.trim()]);
    }
  }
  return fields;
}

/** The fields with one value replaced (the first of that name), or added when the form has none. */
export function withField(fields: Array<[string, string]>, name: string, value: string): Array<[string, string]> {
  const at = fields.findIndex(([n]) => n === name);
  return at < 0 ? [...fields, [name, value]] : fields.map((f, i) => (i === at ? [name, value] : f));
}
