import { fileIdParams, fileMeta, fileUploadFields, storedFile } from '../files';
import { endpointGroup, FILE } from './endpoint';

/**
 * The one file store (issue 23 part 7): attachments, pictures, process archives and remote
 * files are uploaded here first and linked by id. Reads follow the file's station scope, or
 * its uploader when it has no station.
 */
export const filesApi = /*#__PURE__*/ endpointGroup('files', {
  fileUpload: {
    method: 'POST',
    path: '/files/upload',
    upload: fileUploadFields,
    response: storedFile,
    access: { mutates: true },
    errors: [413, 415],
    timeoutMs: 600_000,
    summary:
      'Upload one file (multipart/form-data: fields purpose and stationId first, then the part "file"); size and format checked per purpose while it streams',
  },
  fileMeta: {
    method: 'GET',
    path: '/files/:id/meta',
    params: fileIdParams,
    response: fileMeta,
    access: {},
    summary: "A stored file's name, size, SHA-256, format, purpose, station and uploader",
  },
  fileDownload: {
    method: 'GET',
    path: '/files/:id',
    params: fileIdParams,
    response: FILE,
    access: {},
    timeoutMs: 600_000,
    summary: 'Download a stored file (HTTP Range supported: 206 with Content-Range)',
  },
});
