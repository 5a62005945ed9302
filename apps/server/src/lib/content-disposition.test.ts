import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './content-disposition';

describe('attachment names in Content-Disposition', () => {
  it('keeps a plain name, and gives a UTF-8 original beside an ASCII fallback without header syntax', () => {
    expect(attachmentDisposition('report.xlsx')).toBe(
      `attachment; filename="report.xlsx"; filename*=UTF-8''report.xlsx`,
    );
    expect(attachmentDisposition('电站 "a";b%\\.csv')).toBe(
      `attachment; filename="__ _a__b__.csv"; filename*=UTF-8''%E7%94%B5%E7%AB%99%20%22a%22%3Bb%25%5C.csv`,
    );
    expect(attachmentDisposition("it's (1).png")).toBe(
      `attachment; filename="it's (1).png"; filename*=UTF-8''it%27s%20%281%29.png`,
    );
  });
});
