import type { LocaleShape } from '@/lib/i18n/types';
import type { zh_CN } from './zh_CN';

export const ja_JP: LocaleShape<typeof zh_CN> = {
  crud: {
    search: '検索',
    reset: 'リセット',
    add: '追加',
    edit: '編集',
    detail: '詳細',
    delete: '削除',
    deleteConfirm: '「{{name}}」を削除しますか？',
    total: '全 {{count}} 件',
    save: '保存',
    cancel: 'キャンセル',
    enabled: '有効',
    disabled: '無効',
    all: 'すべて',
    loadFailed: 'リストの照会に失敗しました',
    empty: 'データなし',
    actions: '操作',
    more: 'その他',
    export: 'エクスポート',
    exportHint: '表示中の絞り込みの全行を CSV で（最大 {{max}} 行）',
    exporting: 'エクスポート中 {{pct}}%',
    status: '状態',
    createTime: '作成日時',
    updateTime: '更新日時',
    remark: '備考',
  },
};
