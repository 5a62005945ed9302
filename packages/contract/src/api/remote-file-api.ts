import { z } from 'zod';
import { storedFile } from '../files';
import {
  REMOTE_FILE_PERMS,
  remoteFileIdBody,
  remoteFilePage,
  remoteFilePageBody,
  remoteFilePullBody,
  remoteFilePushBody,
  remoteFileUploadFields,
  transferPage,
  transferPageBody,
  transferRow,
} from '../remote-file';
import { endpointGroup, FILE } from './endpoint';

const P = REMOTE_FILE_PERMS;
const read = { perms: [P.query, P.upload, P.delete, P.transfer], station: 'stationId' } as const;
const token = z.object({ token: z.string().min(10).max(512) });

/**
 * Remote files (/remote-control/file-service; docs/device-protocol.md "File transfers"): a
 * station's files, pushed to and pulled from its devices. Downloads of a file go through the
 * file store (`GET /api/files/:id`, the station's scope).
 */
export const remoteFileApi = /*#__PURE__*/ endpointGroup('remote files', {
  remoteFileUpload: {
    method: 'POST',
    path: '/remote/file/upload',
    upload: remoteFileUploadFields,
    response: storedFile,
    // The station's scope is checked by the file store once the field arrived (the body is a stream).
    access: { perms: [P.upload], mutates: true },
    errors: [404, 413, 415],
    timeoutMs: 600_000,
    summary: 'Upload a file of a station (multipart: stationId, then the part "file"; at most 50 MB, spec 5)',
  },
  remoteFilePage: {
    method: 'POST',
    path: '/remote/file/page',
    body: remoteFilePageBody,
    response: remoteFilePage,
    access: read,
    summary:
      'A station’s remote files, newest first: name, size, SHA-256, who uploaded it or which device it came from',
  },
  remoteFileDelete: {
    method: 'POST',
    path: '/remote/file/delete',
    body: remoteFileIdBody,
    response: z.null(),
    access: { perms: [P.delete], mutates: true },
    errors: [404, 409],
    summary: 'Delete a remote file no transfer is moving now',
  },
  remoteFilePush: {
    method: 'POST',
    path: '/remote/file/push',
    body: remoteFilePushBody,
    response: transferRow,
    access: { perms: [P.transfer], mutates: true },
    errors: [404, 409],
    summary: 'Send a file to a device of its station: a command with a short-lived download URL, size and SHA-256',
  },
  remoteFilePull: {
    method: 'POST',
    path: '/remote/file/pull',
    body: remoteFilePullBody,
    response: transferRow,
    access: { perms: [P.transfer], mutates: true },
    errors: [404, 409],
    summary: 'Ask a device for a file (its log: path "log"); it uploads to a short-lived URL',
  },
  remoteTransferPage: {
    method: 'POST',
    path: '/remote/file/transfers',
    body: transferPageBody,
    response: transferPage,
    access: read,
    summary: 'A station’s file transfers, newest first, with their state and the checksums compared',
  },
  remoteFileFetch: {
    method: 'GET',
    path: '/remote/file/fetch/:token',
    params: token,
    response: FILE,
    access: { public: true },
    errors: [403, 416],
    timeoutMs: 600_000,
    summary:
      'A device fetches a pushed file (HTTP Range supported); the URL authorises that one transfer for a limited time',
  },
  remoteFileReceive: {
    method: 'POST',
    path: '/remote/file/receive/:token',
    params: token,
    response: z.object({ sha256: z.string(), size: z.number().int() }),
    access: { public: true },
    errors: [403, 409, 413, 415],
    timeoutMs: 600_000,
    summary:
      'A device uploads a pulled file (raw body, application/octet-stream, at most 50 MB); the URL authorises that one transfer once',
  },
});
