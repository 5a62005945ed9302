import { crc32 } from 'node:zlib';
import { ResultCode } from '@ess/contract';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { MessageKey } from '../i18n/messages';
import { AppError } from './app-error';

/**
 * The one gate every archive the platform reads passes (xlsx uploads now; process definitions
 * and firmware later): the zip's central directory is read and checked against these caps
 * before a single byte is inflated, then each entry is inflated only up to the size it
 * declared. See docs/architecture.md "Archives".
 */
export type ArchiveCaps = {
  /** Entries (files and folders) the directory may list; checked on its end record, before any entry is read. */
  entriesMax: number;
  /** Uncompressed bytes one entry may declare. */
  entryBytesMax: number;
  /** Uncompressed bytes all entries may declare together. */
  totalBytesMax: number;
  /** Uncompressed to compressed bytes of one entry; deflate tops out near 1,030:1, which only a bomb reaches. */
  ratioMax: number;
  /** Entries smaller than this are not held to `ratioMax` (a few KB of blank XML compress far, harmlessly). */
  ratioFromBytes: number;
};

const KIB = 1024;
const MIB = 1024 * KIB;

/** Caps per use; a new kind of archive adds its own entry here. */
export const ARCHIVE_CAPS = {
  /**
   * An uploaded spreadsheet (.xlsx, the point list). Excel writes ~12 entries; a point list of
   * 500 points with four long names and eight named states each unpacks to under 3 MB.
   */
  spreadsheet: { entriesMax: 100, entryBytesMax: 4 * MIB, totalBytesMax: 8 * MIB, ratioMax: 200, ratioFromBytes: MIB },
  /**
   * A process archive (.bar, .zip): one BPMN file, perhaps with its diagram images and forms.
   * The largest seeded definition is under 10 KB; 5 MB per entry leaves room for big diagrams.
   */
  processArchive: {
    entriesMax: 50,
    entryBytesMax: 5 * MIB,
    totalBytesMax: 10 * MIB,
    ratioMax: 200,
    ratioFromBytes: MIB,
  },
} as const satisfies Record<string, ArchiveCaps>;

export type ArchiveFile = { name: string; data: Buffer };

/** A size as the refusal names it: whole KB below 1 MB, else MB. */
const sizeText = (bytes: number): string =>
  bytes < MIB ? `${Math.ceil(bytes / KIB)} KB` : `${Math.round((bytes / MIB) * 10) / 10} MB`;

const tooLarge = (key: MessageKey, max: string | number) =>
  new AppError(413, ResultCode.PAYLOAD_TOO_LARGE, key, { max });
const unreadable = (key: MessageKey) => new AppError(400, ResultCode.BAD_REQUEST, key);
const malformed = () => unreadable('archiveMalformed');

/**
 * The files of the zip in `bytes` (folders left out), each inflated and checked against its
 * declared size and CRC. Refused with a 413 naming the cap, or a 400 for an encrypted,
 * unsupported or malformed archive, before anything past the caps is inflated.
 */
export async function readArchive(bytes: Buffer, caps: ArchiveCaps): Promise<ArchiveFile[]> {
  try {
    // validateEntrySizes: a stream that inflates past its entry's declared size errors there.
    const zip = await yauzl.fromBufferPromise(bytes, { validateEntrySizes: true });
    const entries = await checkedDirectory(zip, caps);
    const files: ArchiveFile[] = [];
    for (const entry of entries) {
      if (!entry.fileName.endsWith('/')) files.push({ name: entry.fileName, data: await inflate(zip, entry) });
    }
    return files;
  } catch (e) {
    if (e instanceof AppError) throw e;
    // yauzl refuses absolute paths and `..` (after turning backslashes into slashes).
    if (e instanceof Error && /^(absolute path|invalid relative path|invalid characters)/.test(e.message)) {
      throw unreadable('archiveUnsafeEntry');
    }
    // yauzl's other errors: no end record, a truncated directory, a size that lied.
    throw malformed();
  }
}

/** Every entry of the central directory, each and all within the caps; nothing inflated. */
async function checkedDirectory(zip: ZipFile, caps: ArchiveCaps): Promise<Entry[]> {
  if (zip.entryCount > caps.entriesMax) throw tooLarge('archiveTooManyEntries', caps.entriesMax);
  const entries: Entry[] = [];
  const names = new Set<string>();
  let total = 0;
  for await (const entry of zip.eachEntry()) {
    if (entry.isEncrypted()) throw unreadable('archiveEncrypted');
    // A link (Unix mode in the high bits of the external attributes) points outside what was checked.
    if (((entry.externalFileAttributes >>> 16) & 0o170000) === 0o120000) throw unreadable('archiveUnsafeEntry');
    if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) throw unreadable('archiveMethod');
    const size = entry.uncompressedSize;
    if (size > caps.entryBytesMax) throw tooLarge('archiveEntryTooLarge', sizeText(caps.entryBytesMax));
    if (size >= caps.ratioFromBytes && size > entry.compressedSize * caps.ratioMax)
      throw tooLarge('archiveRatio', caps.ratioMax);
    total += size;
    if (total > caps.totalBytesMax) throw tooLarge('archiveTooLarge', sizeText(caps.totalBytesMax));
    // Two entries of one name: readers differ on which one wins.
    if (names.has(entry.fileName)) throw malformed();
    names.add(entry.fileName);
    entries.push(entry);
  }
  if (overlapping(entries)) throw malformed();
  return entries;
}

/**
 * Entries whose data share bytes: the overlapping-files bomb, where many entries inflate the
 * same compressed kernel. Each entry's local header (30 bytes at least) and data end before the next.
 */
function overlapping(entries: Entry[]): boolean {
  const byOffset = [...entries].sort((a, b) => a.relativeOffsetOfLocalHeader - b.relativeOffsetOfLocalHeader);
  return byOffset.some((e, i) => {
    const next = byOffset[i + 1];
    return (
      next !== undefined && e.relativeOffsetOfLocalHeader + 30 + e.compressedSize > next.relativeOffsetOfLocalHeader
    );
  });
}

/** One entry's bytes, never more than it declared (yauzl stops the stream there; so do we). */
async function inflate(zip: ZipFile, entry: Entry): Promise<Buffer> {
  const stream = await zip.openReadStreamPromise(entry);
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    length += (chunk as Buffer).length;
    if (length > entry.uncompressedSize) {
      stream.destroy();
      throw malformed();
    }
    chunks.push(chunk as Buffer);
  }
  const data = Buffer.concat(chunks, length);
  if (length !== entry.uncompressedSize || crc32(data) !== entry.crc32) throw malformed();
  return data;
}
