import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** What a test reads back from a PDF: each page's text and the fonts the file names. */
export type PdfRead = { pages: string[]; fonts: { name: string; embedded: boolean }[] };

/** Text without spaces: a PDF places CJK glyphs one by one, and readers space them by layout. */
export const squash = (s: string): string => s.replace(/\s+/g, '');

/**
 * Reads a PDF as a viewer would (pdf.js, pure JavaScript, so `npm test` needs no poppler): the
 * text of each page, squashed, and each font with whether its file is embedded. Font dictionaries
 * are plain objects in the file (only streams are compressed), so the names come from the bytes.
 */
export async function readPdf(pdf: Buffer): Promise<PdfRead> {
  const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(squash(content.items.map((it) => ('str' in it ? it.str : '')).join('')));
  }
  await doc.destroy();
  const raw = pdf.toString('latin1');
  const fonts = [...raw.matchAll(/\/FontName\s*\/([^\s/>]+)([\s\S]*?)>>/g)].map((m) => ({
    name: m[1] ?? '',
    embedded: /\/FontFile[23]?\s/.test(m[2] ?? ''),
  }));
  return { pages, fonts };
}
