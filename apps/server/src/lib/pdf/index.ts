import type { Lang } from '@ess/contract';
import PDFDocument from 'pdfkit';
import { documentFont } from './pdf-font';

export type PdfColumn = { title: string; align?: 'left' | 'right'; width?: number };
export type PdfBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'text'; text: string }
  | { kind: 'keyValues'; items: [label: string, value: string][] }
  | { kind: 'table'; columns: PdfColumn[]; rows: string[][]; totals?: string[] };
export type PdfDocumentSpec = {
  /** The document's title: metadata and the first line. */
  title: string;
  /** The running header of every page, e.g. station and period. */
  header: string;
  lang: Lang;
  blocks: PdfBlock[];
  /** When it was made, already formatted by the caller in the reader's clock. */
  generatedAt: string;
};

const PAGE_WORD: Record<Lang, (n: number, of: number) => string> = {
  zh_CN: (n, of) => `第 ${n} 页 / 共 ${of} 页`,
  en_US: (n, of) => `Page ${n} of ${of}`,
  es_ES: (n, of) => `Página ${n} de ${of}`,
  ja_JP: (n, of) => `${n} / ${of} ページ`,
};
const BCP47: Record<Lang, string> = { zh_CN: 'zh-CN', en_US: 'en-US', es_ES: 'es-ES', ja_JP: 'ja-JP' };

const MARGIN = 48;
const FONT = 'doc';
const SIZE = { title: 15, heading: 11.5, body: 9, small: 7.5 } as const;
const GREY = 'dimgray';
const LINE = 'silver';
const SHADE = 'whitesmoke';

type Doc = InstanceType<typeof PDFDocument>;

/**
 * A statement or report as a real PDF (issue 24 part 4): A4, text as text in the embedded subset
 * of Noto Sans SC, a running header and "page n of m" on every page, tables that break across pages
 * repeating their column titles. Values arrive formatted (money per spec 9) by the caller.
 */
export function renderPdf(spec: PdfDocumentSpec): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN + 18, bottom: MARGIN + 14, left: MARGIN, right: MARGIN },
    bufferPages: true,
    lang: BCP47[spec.lang],
    info: { Title: spec.title, Creator: 'ess-platform', Producer: 'ess-platform' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont(FONT, documentFont());
  doc.font(FONT).fontSize(SIZE.title).text(spec.title);
  doc.moveDown(0.6);
  for (const block of spec.blocks) drawBlock(doc, block);
  pageFurniture(doc, spec);
  doc.end();
  return done;
}

const width = (doc: Doc) => doc.page.width - doc.page.margins.left - doc.page.margins.right;
const bottom = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

function drawBlock(doc: Doc, block: PdfBlock): void {
  const left = doc.page.margins.left;
  switch (block.kind) {
    case 'heading':
      if (doc.y + 40 > bottom(doc)) doc.addPage();
      doc.moveDown(0.4).fontSize(SIZE.heading).fillColor('black').text(block.text, left, doc.y);
      doc.moveDown(0.3);
      return;
    case 'text':
      doc
        .fontSize(SIZE.body)
        .fillColor('black')
        .text(block.text, left, doc.y, { width: width(doc) });
      doc.moveDown(0.4);
      return;
    case 'keyValues':
      for (const [label, value] of block.items) {
        doc.fontSize(SIZE.body).fillColor(GREY).text(`${label}: `, left, doc.y, { continued: true });
        doc.fillColor('black').text(value);
      }
      doc.moveDown(0.4);
      return;
    case 'table':
      drawTable(doc, block);
      doc.moveDown(0.6);
      return;
  }
}

function drawTable(doc: Doc, table: Extract<PdfBlock, { kind: 'table' }>): void {
  const left = doc.page.margins.left;
  const total = table.columns.reduce((s, c) => s + (c.width ?? 1), 0);
  const widths = table.columns.map((c) => (width(doc) * (c.width ?? 1)) / total);
  const pad = 3;
  const rowHeight = (cells: string[]) =>
    Math.max(...cells.map((c, i) => doc.fontSize(SIZE.body).heightOfString(c, { width: (widths[i] ?? 0) - 2 * pad }))) +
    2 * pad;
  const drawRow = (cells: string[], shade: boolean) => {
    const h = rowHeight(cells);
    const y = doc.y;
    if (shade) doc.rect(left, y, width(doc), h).fill(SHADE);
    let x = left;
    cells.forEach((cell, i) => {
      const w = widths[i] ?? 0;
      const align = table.columns[i]?.align ?? 'left';
      doc
        .fillColor('black')
        .fontSize(SIZE.body)
        .text(cell, x + pad, y + pad, { width: w - 2 * pad, align });
      x += w;
    });
    doc
      .moveTo(left, y + h)
      .lineTo(left + width(doc), y + h)
      .lineWidth(0.5)
      .strokeColor(LINE)
      .stroke();
    doc.x = left;
    doc.y = y + h;
  };
  const titles = table.columns.map((c) => c.title);
  drawRow(titles, true);
  const rows = table.totals ? [...table.rows, table.totals] : table.rows;
  rows.forEach((cells, i) => {
    if (doc.y + rowHeight(cells) > bottom(doc)) {
      doc.addPage();
      drawRow(titles, true);
    }
    drawRow(cells, table.totals !== undefined && i === rows.length - 1);
  });
}

/** Header and footer of every page, once the page count is known. */
function pageFurniture(doc: Doc, spec: PdfDocumentSpec): void {
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const left = doc.page.margins.left;
    const w = width(doc);
    // Writing inside the margins must not start a new page.
    const margins = doc.page.margins;
    doc.page.margins = { ...margins, top: 0, bottom: 0 };
    doc.fontSize(SIZE.small).fillColor(GREY);
    doc.text(`${spec.title} · ${spec.header}`, left, MARGIN, { width: w, lineBreak: false, ellipsis: true });
    const footY = doc.page.height - MARGIN;
    doc.text(spec.generatedAt, left, footY, { width: w / 2, lineBreak: false });
    doc.text(PAGE_WORD[spec.lang](i + 1, range.count), left + w / 2, footY, {
      width: w / 2,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins = margins;
  }
}
