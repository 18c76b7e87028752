// What the workspace's content pages share on the server: the signed-in editor, the form's options, and the
// domain's refusals as answers (the status a client would expect, the problems by field).
import { GOVERNORATES, PLACE_STATES } from "../../shared/place-facts";
import { data, type RouterContextProvider } from "react-router";
import { appContext } from "../request-context";
import { signedIn } from "./workspace.server";
import { isEditingError, type Editor, type FieldProblem } from "../../domain/content/editing";
import { DOCUMENT_TYPES, isDocumentType } from "../../domain/content/documents";
import { MOTIFS } from "../../domain/content/schema";
import { CATEGORY_KINDS } from "../../domain/content/category-kind";
import { can } from "../../domain/workspace/roles";
import { LICENCE_IDS } from "../../shared/licences";
import { EVENT_KINDS, EVENT_RULES, EVENT_STATUSES } from "../../shared/events";
import { licenceName } from "./workspace-format";
import { workspaceLanguage, workspaceMessages } from "../i18n/workspace-messages";
import { translate } from "../i18n/translate";
import type { FieldSpec, OptionsOf } from "./content-fields";
import { CONTENT_FIELDS, schemaChoices } from "./content-fields.server";

export function editorOf(context: Readonly<RouterContextProvider>) {
  const who = signedIn(context);
  const editing = context.get(appContext).domain.editing;
  const editor: Editor = { id: who.account.id, email: who.account.email, role: who.account.role, languages: who.account.languages };
  return {
    editor,
    editing,
    may: {
      edit: can(editor.role, "content.edit"),
      publish: can(editor.role, "content.publish"),
      publishNow: can(editor.role, "content.publish-now"),
      languages: editing.writableLanguages(editor),
    },
  };
}

/** Whether items of this kind are only ever changed (the gallery's nine, the settings): never added or taken off. */
export const isFixedType = (type: string) => isDocumentType(type) && DOCUMENT_TYPES[type].fixed;
export { isDeletable } from "../../domain/content/trash";

/** Whether a form's fields (its groups' too) choose from these options. */
function usesOptions(fields: FieldSpec[], options: OptionsOf): boolean {
  return fields.some((f) => (f.kind === "choice" && f.options === options) || (f.kind === "group" && usesOptions(f.fields, options)));
}

const plain = (list: readonly (string | number)[]) => list.map((x) => ({ value: String(x), label: String(x) }));
/** The choices only their schemas list, read once. */
const SCHEMA_CHOICES = {
  networks: plain(schemaChoices("settings", "social.network")),
  mediaKinds: plain(schemaChoices("media", "entries.kind")),
  stars: plain(schemaChoices("service", "star")),
};

/** The options of every choice in a form (app/lib/content-fields.ts names them). */
export async function formOptions(context: Readonly<RouterContextProvider>, type: string) {
  const { editor, editing } = editorOf(context);
  const refs = await editing.references(editor, { places: usesOptions(CONTENT_FIELDS[type] ?? [], "places") });
  // The few options said in words are said in the account's language.
  const messages = workspaceMessages(workspaceLanguage(signedIn(context).account.uiLanguage, null));
  // A place's category is of the kind its type needs (content checks say the same).
  const kind = type === "service" ? 2 : type === "culture" ? 4 : 1;
  const choice = (list: Array<{ slug: string; title: string }>) => list.map((x) => ({ value: x.slug, label: x.title }));
  return {
    motifs: plain(MOTIFS),
    categories: choice(refs.categories.filter((c) => c.kind === kind)),
    cities: choice(refs.cities),
    serviceTypes: choice(refs.serviceTypes),
    kinds: plain(CATEGORY_KINDS),
    ...SCHEMA_CHOICES,
    // Only published photographs: a public page may show nothing that is not.
    pictures: choice(refs.pictures),
    places: choice(refs.places),
    licences: LICENCE_IDS.map((id) => ({ value: id, label: licenceName(id, (key) => translate(messages, key)) })),
    governorates: GOVERNORATES.map((slug) => ({ value: slug, label: translate(messages, `content.governorates.${slug}`) })),
    placeStates: PLACE_STATES.map((state) => ({ value: state, label: translate(messages, `content.placeStates.${state}`) })),
    eventKinds: EVENT_KINDS.map((kind) => ({ value: kind, label: translate(messages, `content.eventKinds.${kind}`) })),
    eventStatuses: EVENT_STATUSES.map((status) => ({ value: status, label: translate(messages, `content.eventStatuses.${status}`) })),
    eventRules: EVENT_RULES.map((rule) => ({ value: rule, label: translate(messages, `content.eventRules.${rule}`) })),
  };
}

export type EditingAnswer =
  | {
      ok: "saved" | "created" | "published" | "unpublished" | "scheduled" | "unscheduled" | "deleted" | "restored";
      revision?: number;
    }
  | { code: string; problems: FieldProblem[] };

const STATUS: Record<string, number> = {
  "not-found": 404,
  forbidden: 403,
  language: 403,
  conflict: 409,
  "slug-taken": 409,
  "breaks-content": 409,
  "in-use": 409,
  referred: 409,
  fixed: 409,
  // The site's two-person rule, and nobody reviewing their own change (decision 031).
  "review-needed": 403,
  "own-change": 403,
  invalid: 422,
  unfinished: 422,
};

/** The status a client expects for a refusal of the editing service. */
export const editingStatus = (code: string): number => STATUS[code] ?? 400;

/** A refusal of the editing service as the form's answer; anything else is not ours to answer. */
export function refusal(error: unknown) {
  if (!isEditingError(error)) throw error;
  return data<EditingAnswer>({ code: error.code, problems: error.problems }, { status: editingStatus(error.code) });
}
