// The CSV files the workspace exports (the inbox, the audit log), as a spreadsheet opens them: UTF-8 with its
// mark, lines ended by CRLF, every field quoted.

/** One CSV field: quoted, quotes doubled, and a leading = + - @ defused so a spreadsheet never runs it. */
function csvField(value: string | number | null): string {
  const text = value === null ? "" : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function csvFile(header: string[], rows: Array<Array<string | number | null>>): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvField).join(",")).join("\r\n")}\r\n`;
}
