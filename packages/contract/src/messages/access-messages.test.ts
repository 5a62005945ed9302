import { describe, expect, it } from 'vitest';
import { checkPhone } from '../validators';
import { translate } from './catalogue';

describe('access messages', () => {
  it('say the phone rules of spec 5 word for word', () => {
    expect(checkPhone('')).toBe('validation.phoneEmpty');
    expect(translate('zh_CN', 'phoneEmpty')).toBe('手机号码不能为空');
    expect(translate('zh_CN', 'phoneLength')).toBe('手机号码长度不为11位');
    expect(translate('zh_CN', 'phoneFormat')).toBe('手机号码格式不正确');
    expect(translate('en_US', 'emailFormat')).toBe('Email format incorrect');
  });
  it('say "please authorise menus" in four languages', () => {
    expect(translate('zh_CN', 'roleMenusRequired')).toBe('请授权菜单');
    expect(translate('en_US', 'roleMenusRequired')).toBe('Please authorise menus');
    expect(translate('es_ES', 'roleMenusRequired')).toBe('Autorice al menos un menú');
    expect(translate('ja_JP', 'roleMenusRequired')).toBe('メニューを権限付与してください');
  });
});
