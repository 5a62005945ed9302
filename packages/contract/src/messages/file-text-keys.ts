import { alarmExportMessages } from './alarm-export-messages';
import type { MessageKey } from './catalogue';
import { curveExportMessages } from './curve-export-messages';
import { hostingFileMessages } from './hosting-messages';
import { logMessages } from './log-messages';
import { proxyFileMessages } from './proxy-messages';
import { recordExportMessages } from './record-messages';
import { workorderFileMessages } from './workorder-messages';

/**
 * Texts of exported files (names, headings, level and state names): words a screen's labels may
 * say too, unlike refusals, which a screen must take from the server or these groups.
 */
export const FILE_TEXT_KEYS: ReadonlySet<MessageKey> = new Set(
  [
    alarmExportMessages,
    curveExportMessages,
    logMessages,
    recordExportMessages,
    workorderFileMessages,
    hostingFileMessages,
    proxyFileMessages,
  ].flatMap((group) => Object.keys(group) as MessageKey[]),
);
