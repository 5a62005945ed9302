import type { Lang } from '../i18n';
import { accessMessages } from './access-messages';
import { alarmExportMessages } from './alarm-export-messages';
import { alarmMessages } from './alarm-messages';
import { archiveMessages } from './archive-messages';
import { carbonMessages } from './carbon-messages';
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

/**
 * Server messages in the four interface languages; `{x}` placeholders are filled by `translate`.
 * Each group is its own module so the web bundles only the groups it imports.
 */
const catalogue = {
  ...alarmMessages,
  ...alarmExportMessages,
  ...archiveMessages,
  ...rateMessages,
  ...proxyMessages,
  ...proxyFileMessages,
  ...hostingMessages,
  ...upgradeMessages,
  ...remoteFileMessages,
  ...hostingFileMessages,
  ...carbonMessages,
  ...dashboardMessages,
  ...statementMessages,
  ...menuDictMessages,
  ...equipmentMessages,
  ...configMessages,
  ...controlMessages,
  ...accessMessages,
  ...grantMessages,
  ...logMessages,
  ...orgMessages,
  ...opsMessages,
  ...planCurveMessages,
  ...strategyMessages,
  ...sequenceMessages,
  ...requestMessages,
  ...deviceMessages,
  ...curveExportMessages,
  ...pageConfigMessages,
  ...messageCenterMessages,
  ...fileMessages,
  ...recordMessages,
  ...recordExportMessages,
  ...processArchiveMessages,
  ...workorderMessages,
} satisfies Record<string, Record<Lang, string>>;

export type MessageKey = keyof typeof catalogue;
export const messageKeys = Object.keys(catalogue) as MessageKey[];

export type MessageParams = Record<string, string | number>;

/** One message in one language with its `{x}` placeholders filled (the web passes a group's entry). */
export function messageText(message: Record<Lang, string>, lang: Lang, params?: MessageParams): string {
  let text = message[lang];
  if (params) for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}

export function translate(lang: Lang, key: MessageKey, params?: MessageParams): string {
  return messageText(catalogue[key], lang, params);
}
