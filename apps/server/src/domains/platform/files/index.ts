/**
 * The file store's public face. Other modules link uploaded files by id through a
 * `FileService` (`FileService.from({ env, db })`): `describeFiles(ids)`,
 * `assertFilesUsable(ids, { stationId, userId, purpose })` before linking, `openFile(id)`.
 */
export type { FileStorage } from './file-storage';
export { filesApi } from './files.module';
export { FileService, type FileUse } from './files.service';
