import { z } from 'zod';
import { rowId } from './ids';
import { epochMs } from './time-schema';

const MIB = 1024 * 1024;

/**
 * What a stored file is for. Each purpose has its own size cap, a cap on how many files one
 * owner (an order, a record) may hold, and the formats its content may be; the server decides
 * the format from the bytes, never from the name or the client's content type.
 */
export const FILE_PURPOSES = ['attachment', 'picture', 'processDefinition', 'remoteFile', 'firmware'] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

/** Formats told apart by content (magic bytes; office files by their zip parts; text by being UTF-8). */
export const FILE_KINDS = [
  'png',
  'jpeg',
  'gif',
  'webp',
  'pdf',
  'xlsx',
  'docx',
  'txt',
  'csv',
  'log',
  'xml',
  'zip',
  /** Bytes of no format the store tells apart (firmware images): accepted only where a purpose says so. */
  'bin',
] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export const FILE_KIND_TYPES: Record<FileKind, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  log: 'text/plain; charset=utf-8',
  xml: 'application/xml',
  zip: 'application/zip',
  bin: 'application/octet-stream',
};

const IMAGES: readonly FileKind[] = ['png', 'jpeg', 'gif', 'webp'];
const DOCUMENTS: readonly FileKind[] = [...IMAGES, 'pdf', 'xlsx', 'docx', 'txt', 'csv', 'log'];

export type FilePurposeRule = {
  /** Bytes one file may hold. */
  maxBytes: number;
  /** Files one owner may link (an order's attachments, a record's pictures). */
  maxPerOwner: number;
  kinds: readonly FileKind[];
  /** Name endings the picker offers (the server still decides by content). */
  accept: readonly string[];
};

/** Spec 3 (order attachments: at most 10 files of 10 MB) and spec 5 (remote files: 50 MB). */
export const FILE_RULES: Record<FilePurpose, FilePurposeRule> = {
  attachment: {
    maxBytes: 10 * MIB,
    maxPerOwner: 10,
    kinds: DOCUMENTS,
    accept: ['.png', '.jpg', '.jpeg', '.gif', '.webp', '.pdf', '.xlsx', '.docx', '.txt', '.csv', '.log'],
  },
  picture: { maxBytes: 10 * MIB, maxPerOwner: 10, kinds: IMAGES, accept: ['.png', '.jpg', '.jpeg', '.gif', '.webp'] },
  processDefinition: {
    maxBytes: 5 * MIB,
    maxPerOwner: 1,
    kinds: ['xml', 'zip'],
    accept: ['.bpmn', '.xml', '.bar', '.zip'],
  },
  remoteFile: {
    maxBytes: 50 * MIB,
    maxPerOwner: 1,
    kinds: [...DOCUMENTS, 'zip'],
    accept: ['.png', '.jpg', '.jpeg', '.gif', '.webp', '.pdf', '.xlsx', '.docx', '.txt', '.csv', '.log', '.zip'],
  },
  /** Firmware images (device upgrades, spec 5: at most 50 MB): any bytes, vouched for by their SHA-256. */
  firmware: {
    maxBytes: 50 * MIB,
    maxPerOwner: 1,
    kinds: ['bin'],
    accept: ['.bin', '.img', '.hex', '.fw', '.zip', '.tar', '.gz', '.tgz'],
  },
};

/** Largest file of any purpose: the multipart limit before the purpose is known. */
export const FILE_MAX_BYTES = Math.max(...Object.values(FILE_RULES).map((r) => r.maxBytes));

/** A stored file's id (uuid). */
export const fileId = z.uuid();

/** The text fields of an upload, sent before the file part. */
export const fileUploadFields = z.object({
  /** Firmware comes in through its own call (`POST /api/upgrade/package`), with its model and version. */
  purpose: z.enum(FILE_PURPOSES).exclude(['firmware']),
  /** The station the file belongs to: downloads follow its scope. Without one, only the uploader reads it. */
  stationId: rowId.optional(),
});
export type FileUploadFields = z.input<typeof fileUploadFields>;

export const storedFile = z.object({
  id: fileId,
  name: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  contentType: z.string(),
});
export type StoredFile = z.infer<typeof storedFile>;

export const fileMeta = storedFile.extend({
  purpose: z.enum(FILE_PURPOSES),
  stationId: z.number().int().nullable(),
  uploadedBy: z.number().int().nullable(),
  createdAt: epochMs,
});
export type FileMeta = z.infer<typeof fileMeta>;

export const fileIdParams = z.object({ id: fileId });
