// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useLoaderData } from "react-router";
import { DataState, MAX_RETRIES } from "./DataState";
import { I18nProvider } from "../i18n/I18nProvider";
import en from "../i18n/locales/en.json";

function Page() {
  const { items } = useLoaderData() as { items: Promise<string[]> };
  return (
    <DataState data={items} group="mainSwiper">
      {(list) => (
        <ul>
          {list.map((x) => (
            <li key={x}>{x}</li>
          ))}
        </ul>
      )}
    </DataState>
  );
}

function renderWith(load: () => Promise<string[]>) {
  const router = createMemoryRouter([
    {
      path: "/",
      loader: () => ({ items: load() }),
      element: (
        <I18nProvider language="en" languageId={1} messages={en}>
          <Page />
        </I18nProvider>
      ),
    },
  ]);
  render(<RouterProvider router={router} />);
}

describe("DataState", () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("shows the list, or the empty text", async () => {
    renderWith(async () => ["Palmyra"]);
    expect(await screen.findByText("Palmyra")).toBeTruthy();
    cleanup();
    renderWith(async () => []);
    expect(await screen.findByText("No featured places available")).toBeTruthy();
  });

  it("retries with 'Retrying (n/max)' and gives up with the error text", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    renderWith(() => {
      calls++;
      const failed = Promise.reject(new Error("database unavailable"));
      failed.catch(() => {}); // <Await> reads the rejection; this only keeps it from counting as unhandled
      return failed;
    });
    expect(await screen.findByText(`Retrying (1/${MAX_RETRIES})`)).toBeTruthy();
    for (let attempt = 1; attempt <= MAX_RETRIES; attempt++) {
      await act(() => vi.advanceTimersByTimeAsync(1000 * 2 ** attempt));
    }
    expect(await screen.findByText("Failed to load featured places")).toBeTruthy();
    expect(calls).toBe(1 + MAX_RETRIES);
  });
});
