import type { Lang, Names, SequenceStep } from '@ess/contract';
import { BUILT_IN_SEQUENCES } from '../../../db/seed-sequences';
import type { StoredStep } from '../../../db/sequence-schema';

/** A template's stored step as a reader in `lang` sees it: named in that language, translations kept back. */
export const shownStep = ({ names, ...step }: StoredStep, lang: Lang): SequenceStep => ({
  ...step,
  name: names?.[lang] || step.name,
});

/**
 * The steps an editor sent back, to store: a name sent as shown in `lang` keeps the stored
 * step's name and translations (found by that name, so moved steps keep theirs); a changed one
 * is what the user typed, in every language.
 */
export function storedSteps(sent: readonly SequenceStep[], before: readonly StoredStep[], lang: Lang): StoredStep[] {
  const translated = new Map(before.filter((s) => s.names).map((s) => [shownStep(s, lang).name, s] as const));
  return sent.map((s) => {
    const was = translated.get(s.name);
    return was ? { ...s, name: was.name, names: was.names } : s;
  });
}

/**
 * A run's step keeps the name its template's step had (stored); a built-in step's is shown in
 * the reader's language, by each stored form it had: the Chinese, and "中文 / English" before
 * names per language.
 */
const BUILT_IN_STEP_NAMES = new Map<string, Names>(
  BUILT_IN_SEQUENCES.flatMap((t) => t.steps).flatMap(({ names }) => [
    [names.zh_CN, names],
    [`${names.zh_CN} / ${names.en_US}`, names],
  ]),
);

export const runStepName = (stored: string, lang: Lang): string => BUILT_IN_STEP_NAMES.get(stored)?.[lang] ?? stored;
