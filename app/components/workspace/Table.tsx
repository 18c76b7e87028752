// The workspace's tables: a caption, a row of column headings, and a frame that scrolls sideways on a narrow
// screen, which keyboard users can reach and scroll too.
import type { ReactNode } from "react";

export function WorkspaceTable({ caption, columns, children }: { caption: string; columns: string[]; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls, and keyboard users must reach it (WCAG 2.1.1).
    <section className="ws-scroll" aria-label={caption} tabIndex={0}>
      <table className="ws-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </section>
  );
}
