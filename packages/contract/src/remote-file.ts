import { z } from 'zod';
import { fileId } from './files';
import { rowId } from './ids';
import { pageOf, pageQuery, searchText } from './paging';
import { epochMs } from './time-schema';

/**
 * Remote files (issue 25 part 2, /remote-control/file-service): a station's configuration and
 * log files on the platform, pushed to a device (a command carrying a short-lived URL, size and
 * SHA-256; the device answers with its own checksum) or pulled from one (the device uploads to a
 * short-lived URL). docs/device-protocol.md "File transfers".
 */
export const REMOTE_FILE_PERMS = {
  query: 'remoteControl:fileService:query',
  upload: 'remote:file:upload',
  delete: 'remote:file:delete',
  /** Push a file to a device, pull one from it. */
  transfer: 'remote:file:transfer',
} as const;

export const TRANSFER_DIRECTIONS = ['push', 'pull'] as const;
export type TransferDirection = (typeof TRANSFER_DIRECTIONS)[number];
/** A transfer's state: its command's, with a success the platform verified (checksum, file received). */
export const TRANSFER_STATES = ['pending', 'sent', 'success', 'failure', 'timeout', 'cancelled'] as const;
export type TransferState = (typeof TRANSFER_STATES)[number];
/** Seconds a device has for one transfer. */
export const TRANSFER_TIMEOUT_S = 600;

/** Where on the device: a path of letters, digits and `/._-` (no `..`), or the word `log` for its log. */
export const devicePath = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_][A-Za-z0-9/._-]*$/, 'letters, digits and / . _ -')
  .refine((p) => !p.split('/').includes('..'), 'no ..');

export const remoteFileUploadFields = z.object({ stationId: rowId });
export const remoteFilePageBody = pageQuery(['createdAt', 'name'], { stationId: rowId, name: searchText() });
export const remoteFileRow = z.object({
  id: fileId,
  name: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  contentType: z.string(),
  uploadedBy: z.string().nullable(),
  createdAt: epochMs,
  /** Pulled from this device (null: uploaded by a user). */
  fromDevice: z.string().nullable(),
});
export type RemoteFileRow = z.infer<typeof remoteFileRow>;
export const remoteFilePage = pageOf(remoteFileRow);
export const remoteFileIdBody = z.strictObject({ id: fileId });

export const remoteFilePushBody = z.strictObject({ fileId, deviceId: rowId, path: devicePath });
export const remoteFilePullBody = z.strictObject({ deviceId: rowId, path: devicePath });

export const transferPageBody = pageQuery(['createdAt'], { stationId: rowId });
export const transferRow = z.object({
  id: z.number().int(),
  direction: z.enum(TRANSFER_DIRECTIONS),
  deviceId: z.number().int(),
  deviceSn: z.string(),
  path: z.string(),
  fileId: fileId.nullable(),
  fileName: z.string().nullable(),
  size: z.number().int().nullable(),
  sha256: z.string().nullable(),
  /** The checksum the device computed (a push) — it must equal `sha256`. */
  deviceSha256: z.string().nullable(),
  state: z.enum(TRANSFER_STATES),
  message: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: epochMs,
  endedAt: epochMs.nullable(),
});
export type TransferRow = z.infer<typeof transferRow>;
export const transferPage = pageOf(transferRow);

/** The `transfer` part of a device's `cmd` payload (kinds `filePush`, `filePull`). */
export const transferOrder = z.object({
  direction: z.enum(TRANSFER_DIRECTIONS),
  /** Push: fetch it here (HTTP Range). Pull: POST the file's bytes here. */
  url: z.string().min(1).max(2048),
  path: z.string().min(1).max(200),
  name: z.string().max(200).optional(),
  size: z.number().int().nonnegative().optional(),
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  /** Pull: the most bytes the platform takes. */
  maxBytes: z.number().int().positive().optional(),
});
export type TransferOrder = z.infer<typeof transferOrder>;
