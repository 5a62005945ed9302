import { WORKORDER_LIMITS } from '@ess/contract';

/** The files a definition may come in (spec 5); the server reads the same list and checks again. */
export const DEFINITION_EXTENSIONS = ['.bpmn', '.bpmn20.xml', '.bar', '.zip'] as const;

export const DEFINITION_MAX_MB = WORKORDER_LIMITS.definitionBytes / (1024 * 1024);

/** Why a file cannot be sent for import, before its bytes are read: its extension or its size. */
export function definitionFileProblem(file: { name: string; size: number }): 'extension' | 'size' | null {
  const name = file.name.toLowerCase();
  if (!DEFINITION_EXTENSIONS.some((ext) => name.endsWith(ext) && name.length > ext.length)) return 'extension';
  if (file.size > WORKORDER_LIMITS.definitionBytes) return 'size';
  return null;
}
