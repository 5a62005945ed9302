/** Chinese: the source. The other languages have exactly these keys (their type and the locale tests check it). */
export const zh_CN = {
  limitValue: {
    above: '高于{{level}}上限 {{bound}}',
    below: '低于{{level}}下限 {{bound}}',
    warning: '告警',
    alarm: '报警',
  },
};
