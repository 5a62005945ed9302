/** The firmware upgrade module's public face: what other modules may use. */

export { upgradeApi } from './upgrade.module';
