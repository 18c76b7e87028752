// The visitor's saved places and trip, kept on the device only (localStorage: no account, no cookie, nothing
// sent). A trip is a list of days, each a list of place ids; a shared link carries it in the URL's fragment,
// which a browser never sends to the server.
import { readItem, saveItem } from "./language";

const SAVED_KEY = "saved_places";
/** The event every save button and the saved page listen to, so one change shows everywhere on the page. */
const CHANGED = "saved-places-changed";

export type Trip = number[][];

const isTrip = (value: unknown): value is Trip =>
  Array.isArray(value) && value.every((day) => Array.isArray(day) && day.every((id) => Number.isInteger(id) && id > 0));

/** The saved trip (one empty day when nothing is saved, or what was stored is not a trip). */
export function readTrip(): Trip {
  try {
    const value = JSON.parse(readItem(SAVED_KEY) ?? "null");
    return isTrip(value) && value.length ? value : [[]];
  } catch {
    return [[]];
  }
}

export function writeTrip(trip: Trip) {
  // Empty days are kept while the visitor plans, except the list stays at least one day long.
  saveItem(SAVED_KEY, JSON.stringify(trip.length ? trip : [[]]));
  window.dispatchEvent(new Event(CHANGED));
}

export const isSaved = (trip: Trip, id: number) => trip.some((day) => day.includes(id));

/** Saves a place at the end of the last day, or takes it off the trip. */
export function toggleSaved(id: number) {
  const trip = readTrip();
  if (isSaved(trip, id)) writeTrip(trip.map((day) => day.filter((x) => x !== id)));
  else writeTrip([...trip.slice(0, -1), [...(trip.at(-1) ?? []), id]]);
}

export function onTripChange(listener: () => void): () => void {
  const storage = (event: StorageEvent) => event.key === SAVED_KEY && listener();
  window.addEventListener(CHANGED, listener);
  window.addEventListener("storage", storage);
  return () => {
    window.removeEventListener(CHANGED, listener);
    window.removeEventListener("storage", storage);
  };
}

/** The fragment of a shared trip: "#trip=12.5.33~7.9" (days separated by ~, places by .). */
export function tripFragment(trip: Trip): string {
  return `#trip=${trip.map((day) => day.join(".")).join("~")}`;
}

/** The trip a shared link carries, if its fragment holds one. */
export function tripFromFragment(hash: string): Trip | null {
  const match = /^#trip=([\d.~]*)$/.exec(hash);
  if (!match) return null;
  const trip = match[1].split("~").map((day) => day.split(".").filter(Boolean).map(Number));
  return isTrip(trip) && trip.some((day) => day.length) ? trip : null;
}
