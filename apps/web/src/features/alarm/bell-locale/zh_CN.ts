/** Chinese: the source. The other languages have exactly these keys (their type and the locale tests check it). */
export const zh_CN = { alarmBell: { none: '没有未确认的告警', more: '另有 {{count}} 条未确认告警' } };
