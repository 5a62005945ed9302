import { type Lang, type MessageParams, messageText, normalizeLang } from '@ess/contract';
import i18next from 'i18next';
import { useCallback } from 'react';
import { useLang } from './use-lang';

/** One message of the contract's groups (the server's texts), in the four languages. */
export type ServerMessage = Record<Lang, string>;

/**
 * A server message in the interface language, for what the web says before a call (a form's
 * check of the server's own rule) in the server's words; outside components (toasts of lib code).
 */
export const serverText = (message: ServerMessage, params?: MessageParams): string =>
  messageText(message, normalizeLang(i18next.language), params);

/** The same inside a component, following a language switch. */
export function useServerText(): (message: ServerMessage, params?: MessageParams) => string {
  const lang = useLang();
  return useCallback((message, params) => messageText(message, lang, params), [lang]);
}
