import { randomBytes } from 'node:crypto';
import { crc32, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { craftedEntries, craftZip, deflatedEntry, MIB, spacesDeflated } from '../test/crafted-zip';
import { AppError } from './app-error';
import { ARCHIVE_CAPS, type ArchiveCaps, readArchive } from './archive-guard';
import { storedZip } from './archive-guard-stored-zip';
import { loadWorkbook } from './archive-guard-workbook';
import { toXlsx } from './export-file';

const SHEET = ARCHIVE_CAPS.spreadsheet;

/** How `readArchive` refused `bytes`: status, message key and its parameters. */
async function refusal(bytes: Buffer, caps: ArchiveCaps = SHEET) {
  try {
    await readArchive(bytes, caps);
  } catch (e) {
    if (e instanceof AppError) return { status: e.status, key: e.key, params: e.params };
    throw e;
  }
  throw new Error('the archive was read');
}

const malformed = { status: 400, key: 'archiveMalformed', params: undefined };
const small = (name: string, text = `<x>${name}</x>`) => deflatedEntry(name, Buffer.from(text));
const xlsx = () =>
  toXlsx([{ name: 'points', columns: [{ key: 'code', header: 'code' }], rows: [{ code: 'p1' }, { code: 'p2' }] }]);

describe('archive guard', () => {
  it('reads a normal xlsx: every part, as ExcelJS wrote it', async () => {
    const bytes = await xlsx();
    const files = await readArchive(bytes, SHEET);
    const parts = await craftedEntries(bytes);
    const expected = parts
      .filter((p) => !p.name.endsWith('/'))
      .map((p) => ({ name: p.name, data: p.method === 8 ? inflateRawSync(p.body) : p.body }));
    expect(files).toEqual(expected);
    expect(files.map((f) => f.name)).toContain('xl/worksheets/sheet1.xml');
    const book = await loadWorkbook(bytes);
    expect(book.worksheets[0]?.getColumn(1).values.slice(1)).toEqual(['code', 'p1', 'p2']);
  });

  it('the rebuilt stored zip passes the guard and holds the same files', async () => {
    const files = await readArchive(await xlsx(), SHEET);
    expect(await readArchive(storedZip(files), SHEET)).toEqual(files);
  });

  it('refuses an entry that declares more than the cap, before any entry is inflated', async () => {
    const zeros = Buffer.alloc(SHEET.entryBytesMax + 1);
    // The first entry is not deflate data at all: inflating it would fail with a 400.
    const garbage = { ...small('a.xml'), body: Buffer.from([0xff, 0xff, 0xff, 0xff]) };
    const bytes = craftZip([garbage, deflatedEntry('xl/worksheets/sheet1.xml', zeros)]);
    expect(bytes.length).toBeLessThan(10_000);
    expect(await refusal(bytes)).toEqual({ status: 413, key: 'archiveEntryTooLarge', params: { max: '4 MB' } });
  });

  it("refuses the finding's bomb (440 KB that inflates to 440 MB, declared honestly) at once", async () => {
    const bomb = spacesDeflated(440);
    expect(bomb.body.length).toBeLessThan(512 * 1024);
    const bytes = craftZip([{ name: 'xl/worksheets/sheet1.xml', ...bomb }]);
    const started = performance.now();
    expect((await refusal(bytes)).key).toBe('archiveEntryTooLarge');
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses too many entries: counted, or only claimed by the end record (zip64 too)', async () => {
    const many = Array.from({ length: SHEET.entriesMax + 1 }, (_, i) => small(`e${i}.xml`));
    const tooMany = { status: 413, key: 'archiveTooManyEntries', params: { max: SHEET.entriesMax } };
    expect(await refusal(craftZip(many))).toEqual(tooMany);
    expect(await refusal(craftZip([small('a.xml')], { entryCount: 65_535 }))).toEqual(tooMany);
    expect(await refusal(craftZip([small('a.xml')], { entryCount: 2 ** 40, zip64Directory: true }))).toEqual(tooMany);
    // At the cap is fine.
    expect(await readArchive(craftZip(many.slice(1)), SHEET)).toHaveLength(SHEET.entriesMax);
  });

  it('refuses a total past the cap and an absurd compression ratio', async () => {
    const caps = {
      entriesMax: 10,
      entryBytesMax: 64 * 1024,
      totalBytesMax: 100 * 1024,
      ratioMax: 50,
      ratioFromBytes: 32 * 1024,
    };
    // Random bytes do not compress: each part is under every cap but the total.
    const parts = [0, 1].map((i) => deflatedEntry(`p${i}.bin`, randomBytes(60 * 1024)));
    expect(await refusal(craftZip(parts), caps)).toEqual({
      status: 413,
      key: 'archiveTooLarge',
      params: { max: '100 KB' },
    });
    expect(await refusal(craftZip([deflatedEntry('z.bin', Buffer.alloc(40 * 1024))]), caps)).toEqual({
      status: 413,
      key: 'archiveRatio',
      params: { max: 50 },
    });
    // Below ratioFromBytes a high ratio is harmless.
    expect(await readArchive(craftZip([deflatedEntry('z.bin', Buffer.alloc(16 * 1024))]), caps)).toHaveLength(1);
    // The spreadsheet caps: 2 MB of zeros is under the size cap but about 1,000:1.
    expect(await refusal(craftZip([deflatedEntry('z.xml', Buffer.alloc(2 * MIB))]))).toEqual({
      status: 413,
      key: 'archiveRatio',
      params: { max: SHEET.ratioMax },
    });
  });

  it('stops an entry whose central directory understates its size at the declared size', async () => {
    const bomb = spacesDeflated(256);
    const bytes = craftZip([small('a.xml'), { name: 'xl/worksheets/sheet1.xml', ...bomb, size: 1024 }]);
    const started = performance.now();
    expect(await refusal(bytes)).toEqual(malformed);
    // Inflating the 256 MB it holds takes seconds.
    expect(performance.now() - started).toBeLessThan(1000);
    // Overstated: fewer bytes than declared.
    const data = Buffer.from('<x>short</x>');
    expect(await refusal(craftZip([deflatedEntry('a.xml', data, { size: data.length + 10 })]))).toEqual(malformed);
    // Stored, with a compressed size other than its size.
    const stored = { name: 'a.xml', body: data, method: 0, crc: crc32(data), size: data.length + 1 };
    expect(await refusal(craftZip([stored]))).toEqual(malformed);
    // A wrong CRC.
    expect(await refusal(craftZip([deflatedEntry('a.xml', data, { crc: 1 })]))).toEqual(malformed);
  });

  it('ignores what the local header claims: the central directory decides', async () => {
    const data = Buffer.from('<x>honest</x>');
    const bytes = craftZip([deflatedEntry('a.xml', data, { localSize: 2 ** 31 })]);
    expect(await readArchive(bytes, SHEET)).toEqual([{ name: 'a.xml', data }]);
  });

  it('reads zip64 sizes and refuses one past the cap', async () => {
    const data = Buffer.from('<x>zip64</x>');
    const honest = craftZip([deflatedEntry('a.xml', data, { zip64: true })], { zip64Directory: true });
    expect(await readArchive(honest, SHEET)).toEqual([{ name: 'a.xml', data }]);
    const huge = craftZip([deflatedEntry('a.xml', data, { zip64: true, size: 5 * 1024 * MIB })]);
    expect(await refusal(huge)).toEqual({ status: 413, key: 'archiveEntryTooLarge', params: { max: '4 MB' } });
  });

  it('refuses encrypted entries and compression methods other than deflate', async () => {
    expect(await refusal(craftZip([{ ...small('a.xml'), flags: 1 }]))).toEqual({
      status: 400,
      key: 'archiveEncrypted',
      params: undefined,
    });
    expect(await refusal(craftZip([{ ...small('a.xml'), method: 12 }]))).toEqual({
      status: 400,
      key: 'archiveMethod',
      params: undefined,
    });
  });

  it('refuses a truncated or malformed directory', async () => {
    const bytes = await xlsx();
    for (const cut of [bytes.subarray(0, bytes.length - 10), bytes.subarray(0, bytes.length / 2), Buffer.alloc(0)])
      expect(await refusal(cut)).toEqual(malformed);
    // The end record points past the directory's real start.
    const shifted = Buffer.from(bytes);
    shifted.writeUInt32LE(shifted.readUInt32LE(shifted.length - 6) + 7, shifted.length - 6);
    expect(await refusal(shifted)).toEqual(malformed);
    // Two entries of one name, two entries sharing their data.
    expect(await refusal(craftZip([small('a.xml'), small('a.xml')]))).toEqual(malformed);
    expect(await refusal(craftZip([small('a.xml'), { ...small('a.xml'), name: 'b.xml', offset: 0 }]))).toEqual(
      malformed,
    );
  });

  it('refuses names that climb out or start at the root, and links, naming why', async () => {
    const unsafe = { status: 400, key: 'archiveUnsafeEntry', params: undefined };
    for (const name of ['../evil.xml', '/etc/evil.xml', 'a\\..\\..\\evil.xml'])
      expect(await refusal(craftZip([small(name)])), name).toEqual(unsafe);
    const link = { ...small('a.xml'), externalAttributes: (0o120777 << 16) >>> 0 };
    expect(await refusal(craftZip([link]))).toEqual(unsafe);
  });

  it("the fixture's bomb is valid deflate of exactly what it declares", () => {
    const bomb = spacesDeflated(2, Buffer.from('<a>'), Buffer.from('</a>'));
    const data = inflateRawSync(bomb.body);
    expect(data.length).toBe(bomb.size);
    expect(crc32(data)).toBe(bomb.crc);
    expect(data.subarray(0, 4).toString()).toBe('<a> ');
    expect(bomb.body.length * 500).toBeLessThan(bomb.size);
  });
});
