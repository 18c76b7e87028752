// @vitest-environment happy-dom
// A place's status past its review date, as each of the seven languages shows it: still shown, with the day it
// was checked, and a sentence saying it may be out of date; in time, without that sentence.
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { PlaceStatus } from "./PlaceFacts";
import { I18nProvider } from "../i18n/I18nProvider";
import { LANGUAGE_CODES } from "../../shared/languages";
import { messagesFor } from "../i18n/messages.server";
import type { SiteView } from "../lib/site.server";

const place = (overdue: boolean) =>
  ({
    facts: { status: { state: "open", verified: "2026-01-10", verifiedText: "January 2026", note: null, overdue }, inDangerSince: null },
  }) as unknown as SiteView["place"];

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
});
