import { describe, expect, it } from "vitest";
import { closedSearch, searchReducer, type SearchState } from "./searchMachine";

const result = { id: 1, place_name: "Palmyra", categories_idcategories: 1, cities_idcities: 7 };

describe("search states", () => {
  it("opens idle and closes clearing the query and results", () => {
    let s: SearchState = searchReducer(closedSearch, { type: "toggle" });
    expect(s).toMatchObject({ open: true, status: "idle", query: "" });
    s = searchReducer(s, { type: "type", query: "palm" });
    s = searchReducer(s, { type: "start", requestId: 1 });
    s = searchReducer(s, { type: "succeed", requestId: 1, results: [result] });
    expect(s).toMatchObject({ status: "results", results: [result] });
    expect(searchReducer(s, { type: "close" })).toEqual(closedSearch);
    expect(searchReducer(s, { type: "toggle" })).toEqual(closedSearch);
  });
  it("does not start a search for a blank query", () => {
    const s = searchReducer(searchReducer(closedSearch, { type: "toggle" }), { type: "type", query: "   " });
    expect(searchReducer(s, { type: "start", requestId: 1 })).toBe(s);
  });
  it("empties the results when the text is cleared", () => {
    let s = searchReducer(searchReducer(closedSearch, { type: "toggle" }), { type: "type", query: "a" });
    s = searchReducer(searchReducer(s, { type: "start", requestId: 1 }), { type: "succeed", requestId: 1, results: [result] });
    expect(searchReducer(s, { type: "type", query: "" })).toMatchObject({ status: "idle", results: [] });
  });
  it("shows no results for an empty answer or a failure, and ignores stale answers", () => {
    let s = searchReducer(searchReducer(closedSearch, { type: "toggle" }), { type: "type", query: "zz" });
    s = searchReducer(s, { type: "start", requestId: 2 });
    expect(searchReducer(s, { type: "succeed", requestId: 1, results: [result] })).toBe(s);
    expect(searchReducer(s, { type: "succeed", requestId: 2, results: [] })).toMatchObject({ status: "noResults" });
    expect(searchReducer(s, { type: "fail", requestId: 2 })).toMatchObject({ status: "noResults", results: [] });
  });
});
