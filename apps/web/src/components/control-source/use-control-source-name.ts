import { CONTROL_SOURCE_NAMES, type ControlSource, controlSourceCode } from '@ess/contract';
import { useCallback } from 'react';
import { useLang } from '@/lib/i18n/use-lang';

/** A control source's name in the user's language (the `ctrlSource` point's state labels). */
export function useControlSourceName(): (source: ControlSource) => string {
  const lang = useLang();
  return useCallback((source) => CONTROL_SOURCE_NAMES[String(controlSourceCode(source))]?.[lang] ?? source, [lang]);
}
