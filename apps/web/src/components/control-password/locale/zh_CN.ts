/** Chinese: the source. The other languages have exactly these keys (their type and the locale tests check it). */
export const zh_CN = {
  controlPassword: {
    title: '控制确认',
    hint: '控制操作需要再次输入您的登录密码。',
    password: '登录密码',
    ok: '确认下发',
  },
};
