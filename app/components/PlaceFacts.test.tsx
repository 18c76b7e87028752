// @vitest-environment happy-dom
// A place's status past its review date, as each of the seven languages shows it: still shown, with the day it
// was checked, and a sentence saying it may be out of date; in time, without that sentence. And what it was
// checked against: a named source (linked when it has an address), someone of the ministry on site, or neither.
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { PlaceStatus, PracticalFacts } from "./PlaceFacts";
import { I18nProvider } from "../i18n/I18nProvider";
import { LANGUAGE_CODES } from "../../shared/languages";
import { messagesFor } from "../i18n/messages.server";
import type { PlaceView } from "../lib/place-view.server";

type Status = NonNullable<PlaceView["place"]["facts"]["status"]>;
const place = (overdue: boolean, checked: Partial<Status> = {}) =>
  ({
    facts: {
      status: {
        state: "open",
        verified: "2026-01-10",
        verifiedText: "January 2026",
        source: null,
        seen: false,
        note: null,
        overdue,
        ...checked,
      },
      inDangerSince: null,
    },
  }) as unknown as PlaceView["place"];
type FactsMessages = { facts: { overdue: string; verified: string; checkedAgainst: string; seen: string } };
const shownIn = (language: (typeof LANGUAGE_CODES)[number], shown: PlaceView["place"]) => {
  const messages = messagesFor(language) as FactsMessages;
  const { container } = render(
    <I18nProvider language={language} languageId={1} messages={messages}>
      <PlaceStatus place={shown} />
    </I18nProvider>,
  );
  return { messages, line: container.querySelector(".status span")! };
};

describe("a place's status", () => {
  afterEach(cleanup);
  it.each(LANGUAGE_CODES)("in %s says when it may be out of date, and only then", (language) => {
    const messages = messagesFor(language) as { facts: { overdue: string } };
    const shown = (overdue: boolean) => {
      render(
        <I18nProvider language={language} languageId={1} messages={messages}>
          <PlaceStatus place={place(overdue)} />
        </I18nProvider>,
      );
      const found = screen.queryByText(messages.facts.overdue);
      cleanup();
      return found !== null;
    };
    expect(shown(true)).toBe(true);
    expect(shown(false)).toBe(false);
  });

  it.each(LANGUAGE_CODES)("in %s names what it was checked against, linked when it has an address", (language) => {
    const unesco = { name: "UNESCO World Heritage List: Site of Palmyra", url: "https://whc.unesco.org/en/list/23/" };
    const { messages, line } = shownIn(language, place(false, { source: unesco }));
    const [before, after] = messages.facts.checkedAgainst.replace("{date}", "January 2026").split("{source}");
    expect(line.textContent).toBe(`${before}${unesco.name}${after}`);
    expect(line.querySelector("a")?.getAttribute("href")).toBe(unesco.url);
    expect(line.querySelector("a")?.textContent).toBe(unesco.name);
    cleanup();

    const press = shownIn(language, place(false, { source: { name: "Press reports of the hotel's closure", url: null } }));
    expect(press.line.textContent).toContain("Press reports of the hotel's closure");
    expect(press.line.querySelector("a")).toBeNull();
    cleanup();

    // Seen on site: said so, and no source; neither: the day alone.
    expect(shownIn(language, place(false, { seen: true, source: unesco })).line.textContent).toBe(
      messages.facts.seen.replace("{date}", "January 2026"),
    );
    cleanup();
    expect(shownIn(language, place(false)).line.textContent).toBe(messages.facts.verified.replace("{date}", "January 2026"));
  });

  it.each(LANGUAGE_CODES)(
    "in %s gives the practical facts and the safety note their own check, and says when each is past it",
    (language) => {
      const messages = messagesFor(language) as FactsMessages;
      const withChecks = (practicalOverdue: boolean, safetyOverdue: boolean) =>
        ({
          governorate: null,
          cityName: "Damascus",
          facts: {
            practical: [{ field: "hours", text: "Open every day." }],
            travelText: null,
            safety: "Keep to the marked paths.",
            practicalCheck: { text: "November 2025", overdue: practicalOverdue },
            safetyCheck: { text: "January 2026", overdue: safetyOverdue },
          },
        }) as unknown as PlaceView["place"];
      const shown = (place: PlaceView["place"]) => {
        const { container } = render(
          <I18nProvider language={language} languageId={1} messages={messages}>
            <PracticalFacts place={place} />
          </I18nProvider>,
        );
        const texts = [
          ...container.querySelectorAll(".practical > .note, .practical > .status-overdue, .safety .note, .safety .status-overdue"),
        ].map((p) => `${p.closest(".safety") ? "safety" : "practical"}: ${p.textContent}`);
        cleanup();
        return texts;
      };
      const checked = (date: string) => messages.facts.verified.replace("{date}", date);
      expect(shown(withChecks(false, true))).toEqual([
        `practical: ${checked("November 2025")}`,
        `safety: ${checked("January 2026")}`,
        `safety: ${messages.facts.overdue}`,
      ]);
      expect(shown(withChecks(true, false))).toEqual([
        `practical: ${checked("November 2025")}`,
        `practical: ${messages.facts.overdue}`,
        `safety: ${checked("January 2026")}`,
      ]);
    },
  );
});
