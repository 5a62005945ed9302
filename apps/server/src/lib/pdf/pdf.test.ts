import { describe, expect, it } from 'vitest';
import { readPdf, squash } from '../../test/pdf-text';
import { type PdfDocumentSpec, renderPdf } from './index';

const spec = (rows: number): PdfDocumentSpec => ({
  title: '收益结算单',
  header: '储能电站一号 · 2026-11',
  lang: 'zh_CN',
  generatedAt: '2026-12-03 10:00 (UTC+08:00)',
  blocks: [
    {
      kind: 'keyValues',
      items: [
        ['电站', '储能电站一号'],
        ['Estación', 'Almacenamiento Señor Ñandú'],
      ],
    },
    { kind: 'text', text: '蓄電所テスト：ひらがな、カタカナ。' },
    {
      kind: 'table',
      columns: [
        { title: '时段', width: 2 },
        { title: '电价', align: 'right' },
        { title: '收益', align: 'right' },
      ],
      rows: Array.from({ length: rows }, (_, i) => [`峰 ${i + 1}`, '0.6000', `${(i * 12.5).toFixed(2)} 元`]),
      totals: ['合计', '', '12,345.67 元'],
    },
  ],
});

describe('PDF documents', () => {
  it('hold Chinese, Japanese and accented Latin as text, with fonts embedded as subsets', async () => {
    const pdf = await renderPdf(spec(5));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeLessThan(200_000);
    const read = await readPdf(pdf);
    const words = read.pages.join('');
    for (const s of [
      '收益结算单',
      '储能电站一号',
      '蓄電所テスト',
      'ひらがな',
      'Señor Ñandú',
      '12,345.67 元',
      '第 1 页 / 共 1 页',
    ]) {
      expect(words).toContain(squash(s));
    }
    expect(read.fonts.length).toBeGreaterThan(0);
    // Each font a subset (the ABCDEF+ tag) with its file in the PDF: the reader needs no font of its own.
    for (const f of read.fonts) {
      expect(f.name).toMatch(/^[A-Z]{6}\+\S+/);
      expect(f.embedded).toBe(true);
    }
  });

  it('breaks a long table across pages, each with the header and its number', async () => {
    const byPage = (await readPdf(await renderPdf(spec(200)))).pages;
    const pages = byPage.length;
    expect(pages).toBeGreaterThan(2);
    byPage.forEach((p, i) => {
      expect(p).toContain(squash('储能电站一号 · 2026-11'));
      expect(p).toContain(`第${i + 1}页/共${pages}页`);
      expect(p).toContain('时段');
    });
    expect(byPage.at(-1)).toContain('合计');
  });
});
