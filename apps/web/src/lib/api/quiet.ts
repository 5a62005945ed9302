import type { CallOptions } from './client';

/** No toast and no session handling: a prefetch or probe whose failure another call reports. */
export const QUIET: CallOptions = { silent: true, noSessionHandling: true };
