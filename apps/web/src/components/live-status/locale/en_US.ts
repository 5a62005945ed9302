import type { LocaleShape } from '@/lib/i18n/types';
import type { zh_CN } from './zh_CN';

export const en_US: LocaleShape<typeof zh_CN> = {
  liveStatus: {
    live: 'Live',
    polling: 'Polling',
    connecting: 'Connecting',
    liveHint: 'Values are pushed over the live channel',
    pollingHint: 'Live channel down: refreshing every 10 s',
    connectingHint: 'Connecting to the live channel',
    revoked: 'No access',
    revokedHint: 'You no longer have access to this station: live values stopped',
    updated: 'Updated {{ago}}',
    noData: 'No live data',
  },
};
