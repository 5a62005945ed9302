import type { LocaleShape } from '@/lib/i18n/types';
import type { zh_CN } from './zh_CN';

export const ja_JP: LocaleShape<typeof zh_CN> = {
  postAdmin: {
    title: '職位管理',
    code: '職位コード',
    name: '職位名',
    keyword: '職位コードまたは名称',
    orderNum: '並び順',
    users: 'ユーザー数',
    addTitle: '職位を追加',
    editTitle: '職位を編集',
    codeRequired: '職位コードを入力してください',
    nameRequired: '職位名を入力してください',
    codeFormat: 'コードには英数字、- と _ のみ使用できます',
    held: '{{count}} 人のユーザーがこの職位を使用しているため削除できません',
  },
};
