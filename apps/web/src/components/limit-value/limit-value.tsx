import { WarningFilled } from '@ant-design/icons';
import { limitBreach, type ValueLimit } from '@ess/contract';
import { Tooltip, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  value: number | null | undefined;
  limit: ValueLimit | null | undefined;
  /** How the limit reads in the tooltip (with its unit), the same way the value is shown. */
  formatBound: (bound: number) => string;
  children: ReactNode;
  /** What the tooltip says in any case (the time of a value); the limit is added after it. */
  hint?: ReactNode;
  'data-testid'?: string;
};

/**
 * A value in the warning or error colour once it is past a limit, with a mark and a tooltip
 * naming the limit, so it does not rest on colour alone; inside its limits it is plain text.
 */
export function LimitValue({ value, limit, formatBound, children, 'data-testid': testId }: Props) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const breach = limitBreach(value, limit);
  if (!breach) {
    return (
      <span data-testid={testId} data-limit="normal">
        {children}
      </span>
    );
  }
  const color = breach.level === 'alarm' ? token.colorError : token.colorWarning;
  const title = t(`limitValue.${breach.side}`, {
    level: t(`limitValue.${breach.level}`),
    bound: formatBound(breach.bound),
  });
  return (
    <Tooltip title={title}>
      <span data-testid={testId} data-limit={breach.level} style={{ color, fontWeight: 600 }}>
        <WarningFilled aria-label={title} style={{ marginInlineEnd: 4 }} />
        {children}
      </span>
    </Tooltip>
  );
}
