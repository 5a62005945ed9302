import type { AlarmKind, Lang } from '@ess/contract';
import { translate } from '../../../i18n/messages';
import { localName } from '../../stations/device';
import { alarmContent, deviationText } from '../alarm';

type Names = Partial<Record<string, string>> | null;

/** What a notification says of one alarm event. */
export type AlarmFacts = {
  id: number;
  stationId: number;
  stationName: string;
  timezone: string;
  kind: AlarmKind;
  deviceName: string | null;
  /** The device's seeded names per language (`deviceName` is the fallback). */
  deviceNames: Names;
  pointCode: string | null;
  /** The point's names per language (the code is the fallback). */
  pointNames: Names;
  value: number | null;
  limit: number | null;
  level: number;
  /** The definition's template (rule events) or '' (offline, lost). */
  content: string;
  raisedAt: number;
};

/**
 * The event's text in `lang`, as the alarm lists show it: device and point names in the
 * recipient's language, offline and lost contact from the catalogue.
 */
export function alarmText(e: AlarmFacts, lang: Lang): string {
  const device = e.deviceName === null ? '' : localName(e.deviceNames, lang, e.deviceName);
  if (e.kind === 'offline') return translate(lang, 'alarmDeviceOffline', { device });
  if (e.kind === 'lost') return translate(lang, 'alarmStationLost', { station: e.stationName });
  if (e.kind === 'deviation') return deviationText(lang, e.stationName, e.value, e.limit);
  return alarmContent(e.content, {
    device,
    point: e.pointCode === null ? '' : localName(e.pointNames, lang, e.pointCode),
    value: e.value === null ? '' : String(Number(e.value.toFixed(3))),
    limit: e.limit === null ? '' : String(e.limit),
    station: e.stationName,
  });
}
