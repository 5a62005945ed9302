import type { LocaleShape } from '@/lib/i18n/types';
import type { zh_CN } from './zh_CN';

export const ja_JP: LocaleShape<typeof zh_CN> = {
  orgAdmin: {
    title: '組織管理',
    name: '組織名',
    code: '組織コード',
    parent: '上位組織',
    root: 'なし（最上位）',
    orderNum: '並び順',
    leader: '責任者',
    phone: '連絡先電話',
    stations: '発電所数',
    users: 'ユーザー数',
    addChild: '下位を追加',
    addTitle: '組織を追加',
    editTitle: '組織を編集',
    search: '組織名またはコードで検索',
    nameRequired: '組織名を入力してください',
    codeRequired: '組織コードを入力してください',
    codeFormat: 'コードには英数字、- と _ のみ使用できます',
    holds: 'この組織にはまだ下位組織・発電所・ユーザーがあるため、削除は拒否されます',
  },
};
