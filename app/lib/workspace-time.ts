// Times in the workspace are shown in Damascus time, the same on the server and in the browser (so the
// page hydrates without a mismatch), in the account's language.
export function formatTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Damascus" }).format(new Date(iso));
}
