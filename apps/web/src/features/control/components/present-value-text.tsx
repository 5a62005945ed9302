import type { ControlPoint, LiveValues, PointMeta } from '@ess/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { presentValue } from './present-value';

type Props = { point: ControlPoint; live: LiveValues | undefined; meta: PointMeta[] | undefined; testId: string };

/** A command point's present value, live; a measured one names its measurement ("Active power"). */
export function PresentValue({ point, live, meta, testId }: Props) {
  const { t } = useTranslation();
  const present = presentValue(point, live, meta);
  if (!present)
    return (
      <Typography.Text type="secondary" data-testid={testId}>
        {t('remoteControl.notReported')}
      </Typography.Text>
    );
  return (
    <span data-testid={testId}>
      {present.text}
      {present.measuredBy ? <Typography.Text type="secondary"> ({present.measuredBy})</Typography.Text> : null}
    </span>
  );
}
