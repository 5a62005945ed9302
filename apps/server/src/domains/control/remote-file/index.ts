/** The remote file module's public face: what other modules may use. */

export { remoteFileApi } from './remote-file.module';
