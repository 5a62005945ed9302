/**
 * The process-archive validator's public face (pure: no tables). The definitions import calls
 * `validateProcessUpload(bytes, fileName)` before deploying; see process-archive.ts for the rules.
 */
export {
  PROCESS_XML_MAX_BYTES,
  type ProcessUpload,
  type ProcessUserTask,
  validateProcessUpload,
} from './process-archive';
