import { type Lang, localDateTime, NOTIFY_LIMITS } from '@ess/contract';
import { type AlarmFacts, alarmText } from './notify-alarm-text';
import { levelName, notifyTexts } from './notify-texts';

/** Subject and body in the recipient's language: one alarm, or a digest of a station's alarms. */
export function compose(lang: Lang, events: readonly AlarmFacts[]): { subject: string; text: string } {
  const t = notifyTexts(lang);
  const first = events[0];
  if (!first) return { subject: '', text: '' };
  const line = (e: AlarmFacts) =>
    t.line(localDateTime(e.raisedAt, e.timezone), levelName(lang, e.level), alarmText(e, lang));
  if (events.length === 1) {
    return {
      subject: t.subject(levelName(lang, first.level), first.stationName, alarmText(first, lang)),
      text: `${line(first)}\n\n${t.footer}`,
    };
  }
  const shown = events.slice(0, NOTIFY_LIMITS.digestLines).map(line);
  const rest = events.length - shown.length;
  return {
    subject: t.digestSubject(events.length, first.stationName),
    text: `${shown.join('\n')}${rest > 0 ? `\n${t.more(rest)}` : ''}\n\n${t.footer}`,
  };
}
