import { FILE_TEXT_KEYS, LANGS, type Lang, messageKeys, textLeaves, translate } from '@ess/contract';

/** A web text that repeats a server message in the same language. */
export type ServerTextDuplicate = { lang: Lang; path: string; messageKey: string; text: string };

/** i18next writes `{{x}}` where the server writes `{x}`: the same sentence either way. */
const serverForm = (text: string) => text.replace(/\{\{(\w+)\}\}/g, '{$1}');

/**
 * Every text of `locales` (one tree per language) that is a server message word for word. Such
 * a text belongs in the contract's message groups, shown from there or from the answer's `msg`.
 * Texts of exported files (headings, state names) are words a label may share, so not counted.
 */
export function serverTextDuplicates(locales: Record<Lang, object>): ServerTextDuplicate[] {
  return LANGS.flatMap((lang) => {
    const byText = new Map<string, string>();
    for (const key of messageKeys) if (!FILE_TEXT_KEYS.has(key)) byText.set(translate(lang, key), key);
    return textLeaves(locales[lang]).flatMap(([path, text]) => {
      const messageKey = byText.get(serverForm(text));
      return messageKey ? [{ lang, path, messageKey, text }] : [];
    });
  });
}
