import { describe, expect, it } from 'vitest';
import { accessMessages } from './access-messages';
import { alarmExportMessages } from './alarm-export-messages';
import { alarmMessages } from './alarm-messages';
import { archiveMessages } from './archive-messages';
import { carbonMessages } from './carbon-messages';
import { messageKeys, messageText, translate } from './catalogue';
import { configMessages } from './config-messages';
import { controlMessages } from './control-messages';
import { curveExportMessages } from './curve-export-messages';
import { dashboardMessages } from './dashboard-messages';
import { deviceMessages } from './device-messages';
import { equipmentMessages } from './equipment-messages';
import { fileMessages } from './file-messages';
import { grantMessages } from './grant-messages';
import { hostingFileMessages, hostingMessages } from './hosting-messages';
import { logMessages } from './log-messages';
import { menuDictMessages } from './menu-dict-messages';
import { messageCenterMessages } from './message-center-messages';
import { opsMessages } from './ops-messages';
import { orgMessages } from './org-messages';
import { pageConfigMessages } from './page-config-messages';
import { planCurveMessages } from './plan-curve-messages';
import { processArchiveMessages } from './process-archive-messages';
import { proxyFileMessages, proxyMessages } from './proxy-messages';
import { rateMessages } from './rate-messages';
import { recordExportMessages, recordMessages } from './record-messages';
import { remoteFileMessages } from './remote-file-messages';
import { requestMessages } from './request-messages';
import { sequenceMessages } from './sequence-messages';
import { statementMessages } from './statement-messages';
import { strategyMessages } from './strategy-messages';
import { upgradeMessages } from './upgrade-messages';
import { workorderMessages } from './workorder-messages';

const GROUPS = [
  accessMessages,
  alarmExportMessages,
  alarmMessages,
  archiveMessages,
  carbonMessages,
  dashboardMessages,
  statementMessages,
  configMessages,
  controlMessages,
  curveExportMessages,
  deviceMessages,
  equipmentMessages,
  fileMessages,
  grantMessages,
  logMessages,
  menuDictMessages,
  messageCenterMessages,
  opsMessages,
  orgMessages,
  pageConfigMessages,
  planCurveMessages,
  processArchiveMessages,
  hostingFileMessages,
  hostingMessages,
  upgradeMessages,
  remoteFileMessages,
  proxyFileMessages,
  proxyMessages,
  rateMessages,
  recordExportMessages,
  recordMessages,
  requestMessages,
  sequenceMessages,
  strategyMessages,
  workorderMessages,
];

describe('message catalogue', () => {
  it('joins every group, no key in two groups (a later one would hide the earlier silently)', () => {
    const keys = GROUPS.flatMap((g) => Object.keys(g));
    expect(new Set(keys).size).toBe(keys.length);
    expect([...messageKeys].sort()).toEqual([...keys].sort());
  });

  it('fills placeholders the same way for the server and the web', () => {
    const entry = requestMessages.rateLimited;
    expect(messageText(entry, 'en_US', { seconds: 7 })).toBe(entry.en_US.replace('{seconds}', '7'));
    expect(translate('ja_JP', 'rateLimited', { seconds: 7 })).toBe(messageText(entry, 'ja_JP', { seconds: 7 }));
    expect(messageText(entry, 'zh_CN')).toBe(entry.zh_CN);
  });
});
