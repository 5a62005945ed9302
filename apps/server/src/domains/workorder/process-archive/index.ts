/**
 * The process-archive validator's public face (pure: no tables). The definitions import calls
 * `assertProcessFileName` before reading the upload and `validateProcessUpload(bytes, fileName)`
 * before deploying; see process-archive.ts for the rules.
 */
export {
  assertProcessFileName,
  PROCESS_XML_MAX_BYTES,
  type ProcessUpload,
  type ProcessUserTask,
  processTooLarge,
  validateProcessUpload,
} from './process-archive';
