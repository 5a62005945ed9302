import type { Lang } from './i18n';

/**
 * Whether a text is written in its language's script (issue 21 finding 7: no Chinese on an
 * English screen, no English words on a Chinese one). Placeholders (`{x}`, `{{x}}`), units,
 * acronyms and product names that every language writes alike are allowed everywhere.
 */
const SHARED_WORDS = new Set(
  [
    'kW kWh MW MWh kVar kVA kWp Hz kV mV mA kΩ ms km min SOC SOH EMS PCS BMS PV AC DC EV IGBT CT PT VT DO DI',
    'MQTT TLS API URL IP ID SN SMS PNG JPEG WebP SVG Excel CSV xlsx csv JSON HTTP HTTPS UTC GMT TOU RMB',
    'CNY USD EUR PDF QR Promise Chromium Chrome OpenAPI Swagger Prometheus PostgreSQL Grafana Webhook',
    'webhook App APP Web ESS CPU GB MB KB LED OK SIM Logo PC ON OFF CO MAPE IANA Open Meteo zip NUL',
    'WebSocket',
    'BPMN XML DTD',
    // Firmware: the checksum's name; remote files: the path a device's log is pulled by.
    'SHA log',
  ]
    .join(' ')
    .split(' '),
);
/**
 * Written alike in every language: placeholders, URL schemes, formulas and settings quoted as
 * examples (`sum(type:pcs.p)`, `SIMULATOR=off`), time-zone names, date-format tokens.
 */
const VERBATIM = [
  /\{\{?[^{}]*\}?\}/g,
  /\b(?:https?|mailto|tel):/g,
  /\w+\([^()]*\)/g,
  /\b[A-Z_]+=\w+/g,
  /\b[A-Z][a-z]+\/[A-Z][A-Za-z_]+/g,
  /\b(?:Y{2,4}|M{1,4}|D{1,2}|d{2,4}|HH|mm|ss)\b/g,
];
const HAN_OR_KANA = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const LATIN_WORD = /\p{Script=Latin}[\p{Script=Latin}\d]*/gu;

/** What is wrong with `text` as `lang` text, or null when nothing is. */
export function scriptProblem(lang: Lang, text: string): string | null {
  if (!/\S/.test(text)) return 'empty';
  const bare = VERBATIM.reduce((t, re) => t.replace(re, ' '), text);
  if ((lang === 'en_US' || lang === 'es_ES') && HAN_OR_KANA.test(bare)) return 'Chinese or Japanese characters';
  if (lang === 'zh_CN' || lang === 'ja_JP') {
    const foreign = (bare.match(LATIN_WORD) ?? []).filter((w) => w.length > 1 && !SHARED_WORDS.has(w));
    if (foreign.length > 0) return `Latin words: ${foreign.join(', ')}`;
  }
  return null;
}

/** Every string leaf of a nested object of texts, with its dotted path. */
export function textLeaves(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => textLeaves(v, path ? `${path}.${k}` : k));
}
