import { type OrderType, workorderMessages } from '@ess/contract';
import { useCallback } from 'react';
import { useServerText } from '@/lib/i18n/server-text';

const NAMES = {
  1: workorderMessages.workorderType1,
  2: workorderMessages.workorderType2,
  3: workorderMessages.workorderType3,
} as const;

/** A kind of order's name: the server's text (its exports and messages say the same). */
export function useOrderTypeName(): (type: OrderType) => string {
  const text = useServerText();
  return useCallback((type) => text(NAMES[type]), [text]);
}
