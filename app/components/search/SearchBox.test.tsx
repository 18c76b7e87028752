// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { SearchBox } from "./SearchBox";
import { I18nProvider } from "../../i18n/I18nProvider";
import en from "../../i18n/locales/en.json";

function renderBox() {
  const router = createMemoryRouter([
    {
      path: "/",
      element: (
        <I18nProvider language="en" languageId={1} messages={en}>
          <SearchBox />
        </I18nProvider>
      ),
    },
    { path: "/cities/:c/sites/:s/action/:p", element: <p>place page</p> },
  ]);
  render(<RouterProvider router={router} />);
  return router;
}

describe("SearchBox", () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    fetchMock.mockReset();
    vi.stubGlobal("fetch", fetchMock);
    localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const answer = (data: unknown[]) => fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ data }), { status: 200 }));

  it("waits 1000 ms after typing, then posts the query with the saved language id", async () => {
    localStorage.setItem("language_id", "3");
    answer([{ id: 44, place_name: "Palmyre", categories_idcategories: 1, cities_idcities: 7 }]);
    const router = renderBox();
    fireEvent.click(screen.getByRole("button", { name: "Open the place search" }));
    fireEvent.change(screen.getByRole("searchbox"), { target: { value: "palmyre" } });
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(fetchMock).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/back/api/user/place1/search?page=1&per_page=10");
    expect(JSON.parse(init.body)).toEqual({ name: "palmyre", star: 0, service: 0, language: 3 });
    await act(() => vi.advanceTimersByTimeAsync(0));
    fireEvent.click(screen.getByRole("link", { name: "Palmyre" }));
    expect(router.state.location.pathname).toBe("/cities/1/sites/7/action/44");
    expect(localStorage.getItem("category_place_id")).toBe("1");
    expect(localStorage.getItem("city_place_id")).toBe("7");
  });

  it("shows 'No results found' for an empty answer and for a failed call", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    answer([]);
    fetchMock.mockRejectedValueOnce(new Error("offline"));
    renderBox();
    fireEvent.click(screen.getByRole("button", { name: "Open the place search" }));
    fireEvent.change(screen.getByRole("searchbox"), { target: { value: "qqq" } });
    fireEvent.submit(screen.getByRole("search"));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText("No results found")).toBeTruthy();
    fireEvent.change(screen.getByRole("searchbox"), { target: { value: "qqqq" } });
    fireEvent.submit(screen.getByRole("search"));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText("No results found")).toBeTruthy();
  });

  it("sends nothing for a blank query and closes on Escape", async () => {
    renderBox();
    fireEvent.click(screen.getByRole("button", { name: "Open the place search" }));
    fireEvent.change(screen.getByRole("searchbox"), { target: { value: "   " } });
    fireEvent.submit(screen.getByRole("search"));
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("searchbox")).toBeNull();
  });
});
