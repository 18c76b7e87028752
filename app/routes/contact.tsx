// /contact: the contact form. It posts to this route's action (so it works without JavaScript too), which
// calls the same domain service as POST /contact-admin; with JavaScript the page does not reload.
import { useEffect, useRef, useState } from "react";
import { data, useActionData, useFetcher } from "react-router";
import { useEnclosingRouteData } from "../lib/route-data";
import type { Route } from "./+types/contact";
import { languageOf } from "../lib/loader-params.server";
import { formText, postedForm } from "../lib/form";
import { appContext } from "../request-context";
import { contactMessage } from "../../domain/contact/schema";
import { CONTACT_LIMITS } from "../../shared/limits";
import { useI18n } from "../i18n/I18nProvider";
import { Seo } from "../components/Seo";
import type { RootData } from "../root";
import { actionOrLoaderHeaders } from "../lib/answer-headers";

type Field = "name" | "email" | "subject" | "message";
type Reason = "required" | "tooShort" | "tooLong" | "invalid";
type ContactActionData =
  | { status: "sent" }
  | { status: "invalid"; errors: Partial<Record<Field, Reason>>; values: Record<Field, string> }
  | { status: "failed"; values: Record<Field, string> };

export function loader({ params }: Route.LoaderArgs) {
  languageOf(params);
  return null;
}

/** A refusal for too many attempts carries its Retry-After (app/lib/answer-headers.ts). */
export const headers = actionOrLoaderHeaders;

export async function action({ request, params, context }: Route.ActionArgs) {
  const language = languageOf(params);
  const { domain, client } = context.get(appContext);
  if (request.method !== "POST") throw data(null, { status: 405, headers: { allow: "GET, POST" } });
  const form = await postedForm(request);
  const values = typedValues(form);
  const parsed = contactMessage.safeParse({ ...values, website: String(form.get("website") ?? ""), language });
  if (!parsed.success) {
    const errors: Partial<Record<Field, Reason>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as Field;
      const input = values[field]?.trim() ?? "";
      errors[field] ??= !input ? "required" : issue.code === "too_small" ? "tooShort" : issue.code === "too_big" ? "tooLong" : "invalid";
    }
    return data<ContactActionData>({ status: "invalid", errors, values }, { status: 400 });
  }
  try {
    const result = await domain.contact.submit(client, parsed.data);
    if (result.status === "limited")
      return data<ContactActionData>(
        { status: "failed", values },
        { status: 429, headers: { "retry-after": String(result.retryAfterSeconds) } },
      );
    return data<ContactActionData>({ status: "sent" }, { status: 201 });
  } catch {
    // The typed message comes back with the failure, so nothing the visitor wrote is lost.
    return data<ContactActionData>({ status: "failed", values }, { status: 503 });
  }
}

/**
 * In the browser the form is sent by fetch. When that fails on the way (the network drops, a proxy answers
 * 502 with a page of its own), the answer is not the server's: it becomes the same "failed" result the server
 * gives, with what was typed, instead of an error page that loses the message. The 503 status keeps the
 * router from reloading the page's data over the same broken network.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const values = typedValues(await request.clone().formData());
  try {
    return await serverAction();
  } catch {
    return data<ContactActionData>({ status: "failed", values }, { status: 503 });
  }
}

function typedValues(form: FormData): Record<Field, string> {
  return Object.fromEntries((["name", "email", "subject", "message"] as const).map((f) => [f, formText(form, f)])) as Record<Field, string>;
}

const LIMITS: Record<Field, { min?: number; max: number }> = CONTACT_LIMITS;

function FieldError({ id, reason, field }: { id: string; reason?: Reason; field: Field }) {
  const { t } = useI18n();
  if (!reason) return null;
  return (
    <p id={id} className="field-error">
      {t(`contact.errors.${reason}`, { field: t(`contact.${field}`), min: LIMITS[field].min ?? 0, max: LIMITS[field].max })}
    </p>
  );
}

export default function Contact() {
  const { t } = useI18n();
  const root = useEnclosingRouteData<RootData>("root");
  const fetcher = useFetcher<ContactActionData>();
  // With JavaScript the fetcher holds the answer; without it the page itself was posted.
  const actionData = useActionData<ContactActionData>();
  const result = fetcher.data ?? actionData;
  // Each answer remounts the fields so they show what came back: empty after success, the typed text after a failure.
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) setGeneration((g) => g + 1);
  }, [fetcher.state, fetcher.data]);
  const statusRef = useRef<HTMLDivElement>(null);
  const errors = result?.status === "invalid" ? result.errors : {};
  const values = result && result.status !== "sent" ? result.values : undefined;

  useEffect(() => {
    if (result) statusRef.current?.focus();
  }, [result]);

  const field = (name: Field, type: "text" | "email" | "textarea", autoComplete?: string) => {
    const id = `contact-${name}`;
    const errorId = `${id}-error`;
    const common = {
      id,
      name,
      required: true,
      maxLength: LIMITS[name].max,
      minLength: LIMITS[name].min,
      defaultValue: values?.[name],
      "aria-invalid": errors[name] ? true : undefined,
      "aria-describedby": errors[name] ? errorId : undefined,
    };
    const key = `${name}-${generation}`;
    return (
      <div className="field">
        <label htmlFor={id}>{t(`contact.${name}`)}</label>
        {type === "textarea" ? (
          <textarea key={key} rows={6} {...common} />
        ) : (
          <input key={key} type={type} autoComplete={autoComplete} dir={type === "email" ? "ltr" : undefined} {...common} />
        )}
        <FieldError id={errorId} reason={errors[name]} field={name} />
      </div>
    );
  };

  return (
    <div className="page narrow">
      <Seo title={t("meta.contact.title")} description={t("meta.contact.description")} path="/contact" />
      <h1>{t("contact.title")}</h1>
      <p className="lead">{t("contact.subtitle")}</p>
      <div ref={statusRef} tabIndex={-1} aria-live="polite" className="form-status">
        {result?.status === "sent" && (
          <p className="state state-success" role="status">
            {t("contact.success")}
          </p>
        )}
        {result?.status === "failed" && (
          <p className="state state-error" role="alert">
            {t("contact.failure")}
          </p>
        )}
        {result?.status === "invalid" && (
          <p className="state state-error" role="alert">
            {t("contact.fixErrors")}
          </p>
        )}
      </div>
      <fetcher.Form method="post" noValidate className="contact-form">
        {field("name", "text", "name")}
        {field("email", "email", "email")}
        {field("subject", "text")}
        {field("message", "textarea")}
        <div className="honeypot" aria-hidden="true">
          <label htmlFor="contact-website">Website</label>
          <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
        </div>
        <button type="submit" className="button" disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? t("contact.sending") : t("contact.send")}
        </button>
      </fetcher.Form>
      <aside className="contact-details" aria-labelledby="contact-details-title">
        <h2 id="contact-details-title">{t("footer.contactUs")}</h2>
        <p>{root.settings.address}</p>
        {root.settings.email && (
          <p>
            <a href={`mailto:${root.settings.email}`} dir="ltr">
              {root.settings.email}
            </a>
          </p>
        )}
        <p>{t("footer.hours", { hours: root.settings.workingHours })}</p>
      </aside>
    </div>
  );
}
