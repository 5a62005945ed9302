import type { Lang } from '@ess/contract';
import { type MessageKey, messageKeys, translate } from '../../../i18n/messages';

/**
 * A command's message is either the device's own text (stored as sent) or a reason the platform
 * gave (device offline, timeout, restart), stored as `@key {params}` and shown in the reader's
 * language.
 */
export const platformMessage = (key: MessageKey, params?: Record<string, string | number>): string =>
  params ? `@${key} ${JSON.stringify(params)}` : `@${key}`;

const isKey = (k: string): k is MessageKey => (messageKeys as string[]).includes(k);

export function readMessage(stored: string | null, lang: Lang): string | null {
  if (stored === null || !stored.startsWith('@')) return stored;
  const space = stored.indexOf(' ');
  const key = stored.slice(1, space < 0 ? undefined : space);
  if (!isKey(key)) return stored;
  let params: Record<string, string | number> | undefined;
  if (space >= 0) {
    try {
      params = JSON.parse(stored.slice(space + 1)) as Record<string, string | number>;
    } catch {
      params = undefined;
    }
  }
  return translate(lang, key, params);
}
