// Who may do what in the workspace's content, and how a refusal says why: shared by the editing service's parts
// and by every other content service that asks the same questions.
import type { AccountRow } from "../../db/repositories/accounts.ts";
import { LANGUAGE_CODES, type LanguageCode } from "../../shared/languages.ts";
import { Refusal, refusalTest } from "../refusal.ts";
import { can, type Permission } from "../workspace/roles.ts";

export type FieldProblem = { field: string; code: string; values?: Record<string, string | number> };
type EditingCode =
  | "not-found"
  | "forbidden"
  | "invalid"
  | "conflict"
  | "slug-taken"
  | "fixed"
  | "breaks-content"
  | "language"
  | "in-use"
  | "unfinished"
  | "referred"
  | "review-needed"
  | "own-change";

/** Why an action was refused; the page shows it (and each field problem beside its field). */
export class EditingError extends Refusal<EditingCode> {
  readonly problems: FieldProblem[];
  constructor(code: EditingCode, problems: FieldProblem[] = []) {
    super("EditingError", code);
    this.problems = problems;
  }
}
export const isEditingError = refusalTest<EditingError>("EditingError");

/** What a bulk action did: the items done, and those refused with the reason each would have been given. */
export type BulkOutcome = {
  done: Array<{ slug: string; title: string }>;
  refused: Array<{ slug: string; title: string; code: EditingCode; problems: FieldProblem[] }>;
};

export type Editor = Pick<AccountRow, "id" | "email" | "role" | "languages">;

/** Refuses (forbidden) an editor whose role lacks the permission: every content service asks it this way. */
export function needPermission(editor: Editor, permission: Permission): void {
  if (!can(editor.role, permission)) throw new EditingError("forbidden");
}

/** The languages an account may write: a translator's own, everyone else's all seven. */
export function writableLanguages(editor: Editor): LanguageCode[] {
  if (can(editor.role, "content.edit")) return [...LANGUAGE_CODES];
  if (!can(editor.role, "content.translate")) return [];
  const own = editor.languages.split(",");
  return LANGUAGE_CODES.filter((l) => own.includes(l));
}

/** The longest note a reviewer or an editor may write on an item. */
const NOTE_MAX = 2000;

/** A review note's text, trimmed; refused when required and empty, or too long. */
export function reviewNote(text: string, required: boolean): string {
  const body = text.trim();
  if (required && !body) throw new EditingError("invalid", [{ field: "reviewNote", code: "required" }]);
  if (body.length > NOTE_MAX) throw new EditingError("invalid", [{ field: "reviewNote", code: "too_big", values: { maximum: NOTE_MAX } }]);
  return body;
}

/** Items on one page of the workspace's content list: tens of thousands of places are never one page. */
export const LIST_PAGE_SIZE = 50;
