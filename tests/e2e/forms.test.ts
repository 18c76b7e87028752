import { readFileSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
import type { Route } from "playwright-core";
import { baseURL, expectOnScreen, expectStyled, useBrowser } from "./browser.ts";
import { expectAccessible, press, signIn } from "./workspace-steps.ts";
import { workspaceMessages } from "../../app/i18n/workspace-messages.ts";

// First in this file: the contact form's limit (4 messages per client here) is used up further down.
describe.each([
  ["en", 1280],
  ["ar", 375],
] as const)("a message from the contact form in the workspace inbox (%s, %i px)", (language, width) => {
  const { open } = useBrowser();
  const t = workspaceMessages(language);

  it("is listed newest first, read, marked answered and exported", async () => {
    const subject = `Guided walk in Old Damascus ${language}${width}`;
    const visitor = await open(language === "en" ? "/contact" : `/${language}/contact`, { width });
    await visitor.fill("#contact-name", "Rania Khoury");
    await visitor.fill("#contact-email", "rania@example.org");
    await visitor.fill("#contact-subject", subject);
    await visitor.fill("#contact-message", "Can a licensed guide take a family of five through the Old City in May?");
    await Promise.all([visitor.waitForSelector(".state-success"), press(visitor, visitor.locator(".contact-form button[type=submit]"))]);

    const editor = await signIn(open, {
      role: "editor",
      email: `inbox.${language}@example.org`,
      width,
      language,
      sqlitePath: inject("sqlitePath"),
    });
    await Promise.all([editor.waitForURL(/\/admin\/inbox$/), press(editor, editor.locator('.ws-nav a[href="/admin/inbox"]'))]);
    const first = editor.locator(".ws-table tbody tr").first();
    expect(await first.locator("a").textContent()).toBe(subject);
    expect(await first.textContent()).toContain(t.inbox.states.new);
    await expectAccessible(editor);

    await Promise.all([editor.waitForURL(/\/admin\/inbox\/\d+$/), press(editor, first.locator("a"))]);
    // The address changes before the message is drawn: wait for it, as a person would.
    const reply = editor.locator(`a[href^="mailto:rania%40example.org"]`);
    await reply.waitFor();
    await expectOnScreen(reply);
    expect(await editor.locator(".ws-details").textContent()).toContain(t.inbox.states.read);
    await Promise.all([
      editor.waitForSelector(".ws-notice.ws-success"),
      press(editor, editor.locator('button[name="status"][value="answered"]')),
    ]);
    expect(await editor.textContent(".ws-notice.ws-success")).toBe(t.inbox.marked.replace("{status}", t.inbox.states.answered));
    await expectAccessible(editor);

    await editor.goto(`${baseURL()}/admin/inbox?status=answered&q=${encodeURIComponent("Old Damascus")}`);
    await editor.waitForSelector("html[data-hydrated]", { state: "attached" });
    expect(await editor.locator(".ws-table tbody a").allTextContents()).toContain(subject);
    const [download] = await Promise.all([
      editor.waitForEvent("download"),
      press(editor, editor.locator('a[href^="/admin/inbox/export"]')),
    ]);
    const csv = readFileSync((await download.path())!, "utf8");
    expect(csv).toContain(`"answered","Rania Khoury","rania@example.org","${subject}"`);
  });
});

describe("contact form", () => {
  const { open } = useBrowser();

  it("labels every field and shows per-field errors in the visitor's language", async () => {
    // The browser logs the form's 400 answer as a failed resource: that answer is the point here.
    const page = await open("/ar/contact", { allowErrors: [/status of 400/] });
    for (const f of ["name", "email", "subject", "message"]) expect(await page.locator(`label[for="contact-${f}"]`).count()).toBe(1);
    await page.fill("#contact-email", "not-an-email");
    await page.click(".contact-form button[type=submit]");
    await page.waitForSelector(".field-error");
    expect(await page.locator(".field-error").count()).toBe(4);
    expect(await page.textContent("#contact-name-error")).toMatch(/\p{Script=Arabic}/u);
    expect(await page.getAttribute("#contact-email", "aria-invalid")).toBe("true");
    expect(await page.inputValue("#contact-email")).toBe("not-an-email");
  });

  it("sends a valid message without leaving the page, then keeps what was typed when sending fails", async () => {
    const page = await open("/contact", { allowErrors: [/status of 429/] });
    const fill = async () => {
      await page.fill("#contact-name", "Maya Haddad");
      await page.fill("#contact-email", "maya@example.org");
      await page.fill("#contact-subject", "Visiting Maaloula");
      await page.fill("#contact-message", "Which days are best to hear Aramaic at Mass?");
    };
    await fill();
    await page.click(".contact-form button[type=submit]");
    await page.waitForSelector(".state-success");
    expect(await page.textContent(".state-success")).toBe("Your message has been sent successfully. We'll get back to you soon!");
    expect(await page.inputValue("#contact-name")).toBe("");
    // The test server allows 4 messages per client: use them up, then the next one fails.
    // Each send is awaited to its answer and the form's reset: on a busy machine, typing the next message
    // before the last one's success has emptied the form would send an empty one.
    for (let i = 0; i < 4; i++) {
      await fill();
      const [answer] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/contact")),
        page.click(".contact-form button[type=submit]"),
      ]);
      if (answer.status() === 429) break;
      expect(answer.status()).toBe(201);
      await page.waitForFunction(
        () =>
          !document.querySelector(".contact-form button[disabled]") &&
          (document.querySelector("#contact-name") as HTMLInputElement).value === "",
      );
    }
    await page.waitForSelector(".state-error[role=alert]");
    expect(await page.textContent(".state-error")).toBe("There was an error sending your message. Please try again later.");
    expect(await page.inputValue("#contact-message")).toBe("Which days are best to hear Aramaic at Mass?");
  });

  // What a visitor meets when the send fails on the way: the network drops, or a proxy answers for the site.
  const FAILURES: Array<[string, (route: Route) => Promise<void>]> = [
    ["the network fails", (route) => route.abort("failed")],
    [
      "a proxy answers 502 with its own page",
      (route) => route.fulfill({ status: 502, contentType: "text/html", body: "<html><body><h1>502 Bad Gateway</h1></body></html>" }),
    ],
    [
      "a proxy answers 503 with plain text",
      (route) => route.fulfill({ status: 503, contentType: "text/plain", body: "Service Unavailable" }),
    ],
    ["a 500 with an empty body", (route) => route.fulfill({ status: 500, body: "" })],
  ];

  it.each(FAILURES)("keeps the page, its look and every typed field when %s", async (_label, fail) => {
    for (const [prefix, failure] of [
      ["", "There was an error sending your message. Please try again later."],
      ["/ar", null],
    ] as const) {
      const page = await open(`${prefix}/contact`, { allowErrors: [/Failed to load resource|status of 50\d/] });
      await page.route("**/*", (route) => (route.request().method() === "POST" ? fail(route) : route.continue()));
      const typed = {
        name: "Maya Haddad",
        email: "maya@example.org",
        subject: "Visiting Maaloula",
        message: "Which days are best to hear Aramaic at Mass?",
      };
      for (const [field, value] of Object.entries(typed)) await page.fill(`#contact-${field}`, value);
      await page.click(".contact-form button[type=submit]");
      await page.waitForSelector(".state-error[role=alert]");
      if (failure) expect(await page.textContent(".state-error")).toBe(failure);
      else expect(await page.textContent(".state-error")).toMatch(/\p{Script=Arabic}/u);
      for (const [field, value] of Object.entries(typed)) expect(await page.inputValue(`#contact-${field}`)).toBe(value);
      await expectStyled(page);
      expect(await page.locator(".contact-form button[type=submit]").isEnabled()).toBe(true);
    }
  });

  it("works without JavaScript: the form posts to the page and answers with the result", async () => {
    const res = await fetch(`${baseURL()}/contact`, {
      method: "POST",
      body: new URLSearchParams({ name: "", email: "x", subject: "", message: "" }),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Name is required.");
  });
});

describe("services", () => {
  const { open } = useBrowser();

  it("lists the service types and filters a service's providers by city and rating, with 'all'", async () => {
    const directory = await open("/services");
    expect(await directory.locator(".navbar-services").count()).toBe(1);
    expect(await directory.locator(".footer-services").count()).toBe(1);
    await directory.click(".card-link >> text=Hotels");
    await directory.waitForURL(/\/services\/\d+$/);
    await directory.waitForSelector(".providers .card");
    const all = await directory.locator(".providers .card").count();
    expect(all).toBeGreaterThanOrEqual(5);
    const radios = await directory.$$eval(".sidebar input[type=radio]", (rs) => rs.map((r) => (r as HTMLInputElement).value));
    expect(radios[0]).toBe("");
    await directory.check(`.sidebar input[type=radio][value="${radios[1]}"]`);
    await directory.waitForURL(/star=\d/);
    await directory.waitForFunction((n) => document.querySelectorAll(".providers .card").length < n, all);
    const filtered = await directory.locator(".providers .card").count();
    expect(filtered).toBeLessThan(all);
    await directory.selectOption("#city", { label: "Aleppo" });
    await directory.waitForURL(/city=\d+/);
    await directory.waitForFunction(() => document.querySelector(".sidebar")?.textContent?.includes("No stars available"));
    expect(await directory.textContent(".sidebar")).toContain("No stars available");
  });
});
