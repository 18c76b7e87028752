// A readable API reference rendered from the OpenAPI document: plain HTML, no script, no third party.
import type { OpenApiOperation } from "./registry.ts";

type Doc = { info: { title: string; version: string; description: string }; paths: Record<string, Record<string, OpenApiOperation>> };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function apiReferencePage(doc: Doc): string {
  const sections = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => {
      const params = (op.parameters ?? [])
        .map(
          (p) =>
            `<li><code>${escapeHtml(p.name)}</code> (${p.in}${p.required ? ", required" : ""})${p.description ? `: ${escapeHtml(p.description)}` : ""}</li>`,
        )
        .join("");
      const body = op.requestBody
        ? `<p>Body: ${Object.keys(Object.values(op.requestBody.content)[0]?.schema.properties ?? {})
            .map((k) => `<code>${escapeHtml(k)}</code>`)
            .join(", ")} (JSON, form or multipart)</p>`
        : "";
      const codes = Object.keys(op.responses)
        .map((code) => `<code>${code}</code>`)
        .join(" ");
      return `<section><h2><span class="m">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h2><p>${escapeHtml(op.summary)}</p>${params ? `<ul>${params}</ul>` : ""}${body}<p>Answers: ${codes}</p></section>`;
    }),
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)} reference</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-inline-size:60rem;margin:auto;padding:1rem}section{border-block-start:1px solid #ccc}h2{font-size:1.05rem}.m{display:inline-block;min-inline-size:3.5rem;color:#fff;background:#14532d;padding-inline:.4rem;border-radius:.2rem}code{font-size:.95em}</style>
</head><body><main><h1>${escapeHtml(doc.info.title)} <small>${escapeHtml(doc.info.version)}</small></h1><p>${escapeHtml(doc.info.description)}</p>
<p>Machine-readable: <a href="/back/api/openapi.json">OpenAPI 3.1 document</a>. Errors answer <code>{"message", "errors"?}</code>.</p>
${sections.join("\n")}</main></body></html>`;
}
