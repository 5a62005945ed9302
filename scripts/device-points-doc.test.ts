import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEVICE_POINTS_DOC, devicePointsMarkdown } from './device-points-doc';

describe('docs/device-points.md', () => {
  it('matches the device catalogue (run `npm run docs:points` after changing it)', () => {
    expect(readFileSync(DEVICE_POINTS_DOC, 'utf8')).toBe(devicePointsMarkdown());
  });
});
