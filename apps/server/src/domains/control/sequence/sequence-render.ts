import type { Lang, SequenceRun } from '@ess/contract';
import { BUILT_IN_SEQUENCES } from '../../../db/seed-sequences';
import { type MessageKey, messageKeys, translate } from '../../../i18n/messages';
import { runStepName } from './sequence-step-names';

/**
 * Messages of runs and steps are stored as `@key {params}` (like command messages,
 * command-message.ts) so each reader sees them in their language. A parameter may itself be a
 * stored message (a step's reason inside the run's message, a command's reason inside a
 * step's), shown first.
 */
export const storedMessage = (key: MessageKey, params?: Record<string, string | number>): string =>
  params ? `@${key} ${JSON.stringify(params)}` : `@${key}`;

const isKey = (k: string): k is MessageKey => (messageKeys as string[]).includes(k);

export function renderMessage(stored: string | null, lang: Lang, depth = 0): string | null {
  if (stored === null || !stored.startsWith('@') || depth > 3) return stored;
  const space = stored.indexOf(' ');
  const key = stored.slice(1, space < 0 ? undefined : space);
  if (!isKey(key)) return stored;
  let params: Record<string, string | number> | undefined;
  if (space >= 0) {
    try {
      const raw = JSON.parse(stored.slice(space + 1)) as Record<string, string | number>;
      params = Object.fromEntries(
        Object.entries(raw).map(([k, v]) => [k, typeof v === 'string' ? (renderMessage(v, lang, depth + 1) ?? v) : v]),
      );
      // The step a run stopped at is named as its steps are (a built-in one in the reader's language).
      if (key === 'sequenceStepFailed' && typeof params.name === 'string') params.name = runStepName(params.name, lang);
    } catch {
      return stored;
    }
  }
  return translate(lang, key, params);
}

/**
 * A run keeps the name its template had (stored); a built-in template's is shown in the reader's
 * language, by each stored form it had: the Chinese, and "中文 / English" before names per language.
 */
const BUILT_IN_NAMES = new Map(
  BUILT_IN_SEQUENCES.flatMap(({ names }) => [
    [names.zh_CN, names],
    [`${names.zh_CN} / ${names.en_US}`, names],
  ]),
);

/** A run as a reader in `lang` sees it. */
export const renderRun = (run: SequenceRun, lang: Lang): SequenceRun => ({
  ...run,
  templateName: BUILT_IN_NAMES.get(run.templateName)?.[lang] ?? run.templateName,
  message: renderMessage(run.message, lang),
  steps: run.steps.map((s) => ({ ...s, name: runStepName(s.name, lang), message: renderMessage(s.message, lang) })),
});
