import { crc32 } from 'node:zlib';
import type { ArchiveFile } from './archive-guard';

/** 1980-01-01, the earliest date a zip header holds (the time is left at midnight). */
const DOS_DATE = 0x21;
/** Names are UTF-8 (general purpose bit 11). */
const UTF8 = 0x800;

/**
 * Files the archive guard let through, as a zip that stores them uncompressed: a reader handed
 * this (ExcelJS) copies bytes and inflates nothing, so it can never read more than the guard
 * allowed. Plain zip, no zip64: the guard's caps keep it far below 65,535 entries and 4 GB.
 */
export function storedZip(files: ArchiveFile[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of files) {
    const fileName = Buffer.from(name, 'utf8');
    const common = Buffer.alloc(26);
    common.writeUInt16LE(20, 0); // version needed to extract: 2.0
    common.writeUInt16LE(UTF8, 2);
    common.writeUInt16LE(0, 4); // stored
    common.writeUInt16LE(0, 6);
    common.writeUInt16LE(DOS_DATE, 8);
    common.writeUInt32LE(crc32(data), 10);
    common.writeUInt32LE(data.length, 14);
    common.writeUInt32LE(data.length, 18);
    common.writeUInt16LE(fileName.length, 22);
    common.writeUInt16LE(0, 24); // no extra field
    const local = Buffer.alloc(4);
    local.writeUInt32LE(0x04034b50);
    locals.push(local, common, fileName, data);

    const head = Buffer.alloc(6);
    head.writeUInt32LE(0x02014b50, 0);
    head.writeUInt16LE(20, 4); // version made by
    const tail = Buffer.alloc(14); // comment length, disk, attributes: 0; then the local header's offset
    tail.writeUInt32LE(offset, 10);
    central.push(head, common, tail, fileName);
    offset += 30 + fileName.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
