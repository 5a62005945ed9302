import { MOBILE_BREAKPOINT } from '@ess/contract';
import { useMediaQuery } from './use-media-query';

/** True below the 1024 px breakpoint (spec 9): the layout switches to its narrow form. */
export const useIsMobile = (): boolean => useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT - 1}px)`);
