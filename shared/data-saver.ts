// A visitor who asked the browser to save data (Save-Data: on), or whose connection it reports as 2G (the ECT
// client hint, sent once the site asks for it with Accept-CH): pages then show pictures only when asked.

/** The request headers pages vary on for it, and the hint the site asks browsers for. */
export const DATA_SAVER_VARY = "Save-Data, ECT";
export const DATA_SAVER_HINTS = "ECT";

export function savesDataAsked(headers: Headers): boolean {
  const ect = headers.get("ect")?.trim().toLowerCase() ?? "";
  return headers.get("save-data")?.trim().toLowerCase() === "on" || ect === "2g" || ect === "slow-2g";
}
