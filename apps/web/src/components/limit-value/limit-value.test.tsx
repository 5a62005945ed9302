import { CELL_LIMITS } from '@ess/contract';
import { render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { cssRgb } from '@/test/colours';
import { LimitValue } from './limit-value';

const limit = CELL_LIMITS.cellTmax;
const bound = (v: number) => `${v.toFixed(1)} °C`;
const show = (value: number | null) =>
  render(
    <LimitValue value={value} limit={limit} formatBound={bound} data-testid="v">
      {value === null ? '-' : bound(value)}
    </LimitValue>,
  );

describe('limit value', () => {
  it('stays plain inside its limits and for a missing value', () => {
    show(limit.warnAbove);
    expect(screen.getByTestId('v').dataset.limit).toBe('normal');
    expect(screen.getByTestId('v').style.color).toBe('');
  });

  it('takes the warning colour past the warning limit and names that limit', () => {
    show(limit.warnAbove + 1);
    const v = screen.getByTestId('v');
    expect(v.dataset.limit).toBe('warning');
    expect(v.style.color).toBe(cssRgb(theme.getDesignToken().colorWarning));
    expect(screen.getByLabelText(`Above the warning limit of ${bound(limit.warnAbove)}`)).toBeTruthy();
  });

  it('takes the error colour past the alarm limit', () => {
    show(limit.alarmAbove + 1);
    const v = screen.getByTestId('v');
    expect(v.dataset.limit).toBe('alarm');
    expect(v.style.color).toBe(cssRgb(theme.getDesignToken().colorError));
    expect(screen.getByLabelText(`Above the alarm limit of ${bound(limit.alarmAbove)}`)).toBeTruthy();
  });
});
