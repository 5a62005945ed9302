import type { PointMeta } from '@ess/contract';
import { LimitValue } from '@/components/limit-value/limit-value';
import type { PointValue } from './device-values';
import { type PointFormatMeta, usePointFormat } from './point-format';

type Props = {
  point: (PointFormatMeta & Pick<PointMeta, 'limit'>) | undefined;
  value: PointValue | undefined;
  'data-testid'?: string;
};

/** A point's value as its widget shows it, marked once it is past the limit of its device model. */
export function PointReading({ point, value, 'data-testid': testId }: Props) {
  const format = usePointFormat();
  return (
    <LimitValue
      value={point?.states ? null : value?.value}
      limit={point?.limit}
      formatBound={(bound) => format(point, { value: bound, ts: 0 })}
      data-testid={testId}
    >
      {format(point, value)}
    </LimitValue>
  );
}
