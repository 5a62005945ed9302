import { FILE_RULES, type FileKind, type FilePurpose } from '@ess/contract';
import yauzl from 'yauzl';

/** What the incoming stream saw of the bytes: the head, and whether all were UTF-8 text. */
export type ContentSample = { head: Buffer; text: boolean };

const startsWith = (head: Buffer, ...bytes: number[]) => bytes.every((b, i) => head[i] === b);
const ascii = (head: Buffer, at: number, text: string) =>
  head.subarray(at, at + text.length).toString('latin1') === text;

/** The format a file's magic bytes name, or null (text and office files are decided after). */
function magicKind(head: Buffer): FileKind | 'zipContainer' | null {
  if (startsWith(head, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (startsWith(head, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a')) return 'gif';
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return 'webp';
  if (ascii(head, 0, '%PDF-')) return 'pdf';
  if (startsWith(head, 0x50, 0x4b, 0x03, 0x04) || startsWith(head, 0x50, 0x4b, 0x05, 0x06)) return 'zipContainer';
  return null;
}

/** Entry names of a zip on disk, from its central directory only (nothing inflated). */
async function zipNames(file: string): Promise<string[] | null> {
  try {
    const zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false });
    const names: string[] = [];
    try {
      for await (const entry of zip.eachEntry()) names.push(entry.fileName);
    } finally {
      zip.close();
    }
    return names;
  } catch {
    return null;
  }
}

/** An Office Open XML package is a zip with [Content_Types].xml and its main part's folder. */
async function zipKind(file: string): Promise<FileKind | null> {
  const names = await zipNames(file);
  if (!names) return null;
  if (names.includes('[Content_Types].xml')) {
    if (names.some((n) => n.startsWith('xl/'))) return 'xlsx';
    if (names.some((n) => n.startsWith('word/'))) return 'docx';
  }
  return 'zip';
}

/** Text kinds have no magic: the name's ending picks among them once the bytes proved to be text. */
function textKind(head: Buffer, fileName: string, allowed: readonly FileKind[]): FileKind | null {
  const body = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  const lower = fileName.toLowerCase();
  if (allowed.includes('xml') && body.startsWith('<')) return 'xml';
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.log')) return 'log';
  return 'txt';
}

/**
 * The file's format decided by its content: magic bytes, a zip's parts, or UTF-8 text without
 * NUL bytes; null when it is none of the formats `purpose` allows.
 */
export async function decideKind(
  sample: ContentSample,
  file: string,
  fileName: string,
  purpose: FilePurpose,
): Promise<FileKind | null> {
  const allowed = FILE_RULES[purpose].kinds;
  const magic = magicKind(sample.head);
  const kind =
    magic === 'zipContainer'
      ? await zipKind(file)
      : (magic ?? (sample.text ? textKind(sample.head, fileName, allowed) : null));
  if (kind && allowed.includes(kind)) return kind;
  // A firmware image is whatever its maker builds: its checksum, not its format, vouches for it.
  return allowed.includes('bin') ? 'bin' : null;
}
