// A guide text as an editor writes it in the workspace: paragraphs separated by a blank line, and lines that
// start with "- " as the items of a list. Plain text only: nothing an editor types becomes markup.

type Block = { kind: "paragraph"; text: string } | { kind: "list"; items: string[] };

function blocksOf(text: string): Block[] {
  return text
    .split(/\n\s*\n/)
    .map((chunk) => chunk.trim())
    .filter(Boolean)
    .map((chunk): Block => {
      const lines = chunk.split("\n").map((l) => l.trim());
      return lines.every((l) => l.startsWith("- "))
        ? { kind: "list", items: lines.map((l) => l.slice(2)) }
        : { kind: "paragraph", text: lines.join(" ") };
    });
}

export function GuideText({ text }: { text: string }) {
  return (
    <>
      {blocksOf(text).map((b, i) =>
        b.kind === "list" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one text never move.
          <ul key={i}>
            {b.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one text never move.
          <p key={i}>{b.text}</p>
        ),
      )}
    </>
  );
}
