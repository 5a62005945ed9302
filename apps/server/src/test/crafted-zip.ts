import { constants, crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import yauzl from 'yauzl';

/**
 * Zips made byte by byte for tests of the archive guard: each field says what the test wants,
 * true or not (a central directory that lies about a size, an encrypted flag, zip64 fields).
 */
export type CraftedEntry = {
  name: string;
  /** The entry's bytes as the archive holds them (raw deflate when `method` is 8). */
  body: Buffer;
  /** 8 deflate (default), 0 stored, anything else an unsupported method. */
  method?: number;
  crc?: number;
  /** Uncompressed size the central directory declares. */
  size: number;
  /** Uncompressed size the local header declares (default `size`). */
  localSize?: number;
  /** General purpose bits (1: encrypted). */
  flags?: number;
  /** Sizes in a zip64 extended information field (0xffffffff in the headers). */
  zip64?: boolean;
  /** Where the central directory says the local header is (default: where it is). */
  offset?: number;
  /** External file attributes (a Unix mode in the high 16 bits: 0o120777 << 16 is a link). */
  externalAttributes?: number;
};

/** An entry holding `data` deflated, honest unless `extra` says otherwise. */
export const deflatedEntry = (name: string, data: Buffer, extra: Partial<CraftedEntry> = {}): CraftedEntry => ({
  name,
  body: deflateRawSync(data),
  crc: crc32(data),
  size: data.length,
  ...extra,
});

const u16 = (v: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(v);
  return b;
};
const u32 = (v: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(v >>> 0);
  return b;
};
const u64 = (v: number) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(BigInt(v));
  return b;
};

const ZIP64_MARK = 0xffffffff;

/** The zip64 extended information field: uncompressed then compressed size. */
const zip64Extra = (size: number, compressed: number) => Buffer.concat([u16(1), u16(16), u64(size), u64(compressed)]);

/**
 * A zip of `entries` in order. `entryCount` overrides the count the end record declares;
 * `zip64Directory` adds the zip64 end record and locator.
 */
export function craftZip(entries: CraftedEntry[], options: { entryCount?: number; zip64Directory?: boolean } = {}) {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const method = e.method ?? 8;
    const flags = (e.flags ?? 0) | 0x800;
    const sized = (size: number) =>
      e.zip64
        ? { sizes: Buffer.concat([u32(ZIP64_MARK), u32(ZIP64_MARK)]), extra: zip64Extra(size, e.body.length) }
        : { sizes: Buffer.concat([u32(e.body.length), u32(size)]), extra: Buffer.alloc(0) };
    const local = sized(e.localSize ?? e.size);
    const head = Buffer.concat([u16(20), u16(flags), u16(method), u16(0), u16(0x21), u32(e.crc ?? 0)]);
    locals.push(
      Buffer.concat([u32(0x04034b50), head, local.sizes, u16(name.length), u16(local.extra.length), name, local.extra]),
      e.body,
    );
    const cd = sized(e.size);
    central.push(
      Buffer.concat([
        u32(0x02014b50),
        u16(45),
        head,
        cd.sizes,
        u16(name.length),
        u16(cd.extra.length),
        u16(0),
        u16(0),
        u16(0),
        u32(e.externalAttributes ?? 0),
        u32(e.offset ?? offset),
        name,
        cd.extra,
      ]),
    );
    offset += 30 + name.length + local.extra.length + e.body.length;
  }
  const directory = Buffer.concat(central);
  const count = options.entryCount ?? entries.length;
  const tail: Buffer[] = [];
  if (options.zip64Directory) {
    const at = offset + directory.length;
    tail.push(
      Buffer.concat([u32(0x06064b50), u64(44), u16(45), u16(45), u32(0), u32(0), u64(count), u64(count)]),
      Buffer.concat([u64(directory.length), u64(offset)]),
      Buffer.concat([u32(0x07064b50), u32(0), u64(at), u32(1)]),
      Buffer.concat([u32(0x06054b50), u16(0), u16(0), u16(0xffff), u16(0xffff), u32(ZIP64_MARK), u32(ZIP64_MARK)]),
      u16(0),
    );
  } else {
    tail.push(
      Buffer.concat([u32(0x06054b50), u16(0), u16(0), u16(count), u16(count), u32(directory.length), u32(offset)]),
      u16(0),
    );
  }
  return Buffer.concat([...locals, directory, ...tail]);
}

export const MIB = 1024 * 1024;

/**
 * Raw deflate of `prefix`, `mib` MiB of spaces, then `suffix`: cheap to make however large,
 * since one deflated MiB (self-contained, ended by a sync flush) is repeated. About 1,000:1.
 */
export function spacesDeflated(mib: number, prefix = Buffer.alloc(0), suffix = Buffer.alloc(0)) {
  const sync = { finishFlush: constants.Z_SYNC_FLUSH, level: 9 };
  const spaces = Buffer.alloc(MIB, ' ');
  const chunk = deflateRawSync(spaces, sync);
  let crc = crc32(prefix);
  for (let i = 0; i < mib; i++) crc = crc32(spaces, crc);
  return {
    body: Buffer.concat([
      deflateRawSync(prefix, sync),
      ...Array.from({ length: mib }, () => chunk),
      deflateRawSync(suffix),
    ]),
    size: prefix.length + mib * MIB + suffix.length,
    crc: crc32(suffix, crc),
  };
}

/** An honest zip's entries as crafted ones (bodies as stored), to copy with a part swapped. */
export async function craftedEntries(zip: Buffer): Promise<CraftedEntry[]> {
  const file = await yauzl.fromBufferPromise(zip);
  const out: CraftedEntry[] = [];
  for await (const entry of file.eachEntry()) {
    const stream = await file.openReadStreamPromise(entry, { decodeFileData: false });
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    out.push({
      name: entry.fileName,
      body: Buffer.concat(chunks),
      method: entry.compressionMethod,
      crc: entry.crc32,
      size: entry.uncompressedSize,
    });
  }
  return out;
}

const SHEET = 'xl/worksheets/sheet1.xml';

/**
 * `xlsx` with `mib` MiB of spaces inside its sheet's data (valid XML, ~1,000:1). `declared`:
 * the size the central directory gives the sheet (default the true one; smaller is a lie).
 */
export async function withSpaces(xlsx: Buffer, mib: number, declared?: number): Promise<Buffer> {
  const entries = await craftedEntries(xlsx);
  const sheet = entries.find((e) => e.name === SHEET);
  if (!sheet) throw new Error('no sheet in the workbook');
  const xml = inflateRawSync(sheet.body).toString('utf8');
  const at = xml.indexOf('</sheetData>');
  const bomb = spacesDeflated(mib, Buffer.from(xml.slice(0, at)), Buffer.from(xml.slice(at)));
  const swapped = { ...sheet, method: 8, body: bomb.body, crc: bomb.crc, size: declared ?? bomb.size };
  return craftZip(entries.map((e) => (e === sheet ? swapped : e)));
}
