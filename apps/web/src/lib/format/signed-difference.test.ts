import { describe, expect, it } from 'vitest';
import { signedDifference } from './signed-difference';

describe('signedDifference', () => {
  it('shows a difference that rounds to zero as zero, unsigned and neutral', () => {
    expect(signedDifference(-0.0004, 'en_US', 1, '%')).toEqual({ text: '0.0 %', tone: 'zero' });
    expect(signedDifference(0.04, 'en_US', 1, '%')).toEqual({ text: '0.0 %', tone: 'zero' });
    expect(signedDifference(-0, 'zh_CN', 2)).toEqual({ text: '0.00', tone: 'zero' });
  });

  it('signs gains and losses once they show', () => {
    expect(signedDifference(37.24, 'en_US', 1, '%')).toEqual({ text: '+37.2 %', tone: 'up' });
    expect(signedDifference(-0.06, 'en_US', 1, '%')).toEqual({ text: '-0.1 %', tone: 'down' });
    expect(signedDifference(-1234.5, 'en_US', 1)).toEqual({ text: '-1,234.5', tone: 'down' });
  });

  it('shows a missing value as a dash', () => {
    expect(signedDifference(null, 'en_US')).toEqual({ text: '-', tone: 'zero' });
    expect(signedDifference(Number.NaN, 'en_US')).toEqual({ text: '-', tone: 'zero' });
  });
});
