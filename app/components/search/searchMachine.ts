// The search box's states (SPEC.md section 4) as one reducer, so the UI cannot be in two of them at once:
// closed, or open and idle / loading / results / noResults.
export type FoundPlace = { id: number; place_name: string; categories_idcategories: number; cities_idcities: number };

export type SearchState =
  | { open: false; query: ""; status: "idle"; results: []; requestId: 0 }
  | { open: true; query: string; status: "idle" | "loading" | "results" | "noResults"; results: FoundPlace[]; requestId: number };

type SearchEvent =
  | { type: "toggle" }
  | { type: "close" }
  | { type: "type"; query: string }
  | { type: "start"; requestId: number }
  | { type: "succeed"; requestId: number; results: FoundPlace[] }
  | { type: "fail"; requestId: number };

export const closedSearch: SearchState = { open: false, query: "", status: "idle", results: [], requestId: 0 };

export function searchReducer(state: SearchState, event: SearchEvent): SearchState {
  switch (event.type) {
    case "toggle":
      return state.open ? closedSearch : { open: true, query: "", status: "idle", results: [], requestId: 0 };
    case "close":
      // Closing clears the query and the results.
      return closedSearch;
    case "type":
      if (!state.open) return state;
      // Clearing the text empties the results at once; a non-empty query waits for the pause.
      return event.query.trim() ? { ...state, query: event.query } : { ...state, query: event.query, status: "idle", results: [] };
    case "start":
      if (!state.open || !state.query.trim()) return state;
      return { ...state, status: "loading", requestId: event.requestId };
    case "succeed":
      if (!state.open || event.requestId !== state.requestId) return state; // an answer to an older query
      return { ...state, status: event.results.length ? "results" : "noResults", results: event.results };
    case "fail":
      // A failed search shows an empty list (SPEC.md section 8), which reads as no results.
      if (!state.open || event.requestId !== state.requestId) return state;
      return { ...state, status: "noResults", results: [] };
  }
}
