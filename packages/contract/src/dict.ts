import { z } from 'zod';

export const dictItem = z.object({ key: z.string(), value: z.string(), label: z.string(), sort: z.number().int() });
export const dictType = z.object({ type: z.string(), description: z.string(), list: z.array(dictItem) });
export type DictType = z.infer<typeof dictType>;
