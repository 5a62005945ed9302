import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

/** What a test reads back from a PDF: each page's text and the fonts the file names. */
export type PdfRead = { pages: string[]; fonts: { name: string; embedded: boolean }[] };

/** Text without spaces: a PDF places CJK glyphs one by one, and readers space them by layout. */
export const squash = (s: string): string => s.replace(/\s+/g, '');

const PDFJS = pathToFileURL(createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.mjs')).href;

/**
 * pdf.js in a process of its own: the server project shares one module graph per worker
 * (`isolate: false`), and a reader that depends on globals must not meet what other files set.
 * It reads the PDF from stdin and prints each page's text as JSON.
 */
const READER = `
const { getDocument } = await import(${JSON.stringify(PDFJS)});
const chunks = [];
for await (const c of process.stdin) chunks.push(c);
const doc = await getDocument({ data: new Uint8Array(Buffer.concat(chunks)), verbosity: 0, isEvalSupported: false }).promise;
const pages = [];
for (let i = 1; i <= doc.numPages; i++) {
  const content = await (await doc.getPage(i)).getTextContent();
  pages.push(content.items.map((it) => ('str' in it ? it.str : '')).join(''));
}
await doc.destroy();
process.stdout.write(JSON.stringify(pages));
`;

/**
 * Reads a PDF as a viewer would (pdf.js, pure JavaScript, so `npm test` needs no poppler): the
 * text of each page, squashed, and each font with whether its file is embedded. Font dictionaries
 * are plain objects in the file (only streams are compressed), so the names come from the bytes.
 */
export async function readPdf(pdf: Buffer): Promise<PdfRead> {
  const run = promisify(execFile);
  const child = run(process.execPath, ['--input-type=module', '-e', READER], { maxBuffer: 64 * 1024 * 1024 });
  child.child.stdin?.end(pdf);
  const { stdout } = await child;
  const pages = (JSON.parse(stdout) as string[]).map(squash);
  const raw = pdf.toString('latin1');
  const fonts = [...raw.matchAll(/\/FontName\s*\/([^\s/>]+)([\s\S]*?)>>/g)].map((m) => ({
    name: m[1] ?? '',
    embedded: /\/FontFile[23]?\s/.test(m[2] ?? ''),
  }));
  return { pages, fonts };
}
