// The workspace's interface texts (app/i18n/workspace/*.json), apart from the public site's: a visitor's
// page never carries them. Read on the server (also by the workspace's gate and commands, run by Node as
// they are, hence the explicit extensions); a workspace page receives its own language's texts only.
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from "../../shared/languages.ts";
import en from "./workspace/en.json" with { type: "json" };
import ar from "./workspace/ar.json" with { type: "json" };
import fr from "./workspace/fr.json" with { type: "json" };
import es from "./workspace/es.json" with { type: "json" };
import it from "./workspace/it.json" with { type: "json" };
import tr from "./workspace/tr.json" with { type: "json" };
import zh from "./workspace/zh.json" with { type: "json" };

type WorkspaceMessages = typeof en;
const ALL: Record<LanguageCode, WorkspaceMessages> = { en, ar, fr, es, it, tr, zh } as Record<LanguageCode, WorkspaceMessages>;

export function workspaceMessages(language: LanguageCode): WorkspaceMessages {
  return ALL[language];
}

/** The workspace language: the account's choice when signed in, else the one asked for (?lang=), else English. */
export function workspaceLanguage(accountChoice: string | undefined, asked: string | null): LanguageCode {
  if (isLanguageCode(accountChoice)) return accountChoice;
  return isLanguageCode(asked) ? asked : DEFAULT_LANGUAGE;
}
