import { createContext, useContext, useMemo } from "react";
import { translate, type MessageTree } from "./translate";
import { DEFAULT_LANGUAGE, type LanguageCode } from "../../shared/languages";

type I18n = { language: LanguageCode; languageId: number; t: (key: string, vars?: Record<string, string | number>) => string };

const I18nContext = createContext<I18n>({ language: DEFAULT_LANGUAGE, languageId: 1, t: (key) => key });

export function I18nProvider({
  language,
  languageId,
  messages,
  children,
}: {
  language: LanguageCode;
  languageId: number;
  messages: MessageTree;
  children: React.ReactNode;
}) {
  const value = useMemo(
    () => ({ language, languageId, t: (key: string, vars?: Record<string, string | number>) => translate(messages, key, vars) }),
    [language, languageId, messages],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export const useI18n = () => useContext(I18nContext);
