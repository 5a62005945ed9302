import type { LocaleShape } from '@/lib/i18n/types';
import type { zh_CN } from './zh_CN';

export const ja_JP: LocaleShape<typeof zh_CN> = {
  systemLog: {
    title: 'ログ管理',
    tabs: { operation: '操作ログ', clientErrors: 'クライアントエラー' },
    search: 'キーワード検索',
    range: '期間',
    total_one: '{{count}} 件',
    total_other: '{{count}} 件',
    col: {
      time: '日時',
      timeIn: '日時（{{zone}}）',
      name: '名前',
      user: 'ユーザー',
      ip: 'IP',
      method: 'メソッド',
      methodName: 'メソッド名',
      params: 'パラメータ',
      duration: '所要時間',
      result: '結果',
      kind: '種別',
      message: 'メッセージ',
      page: 'ページ',
      release: 'バージョン',
    },
    result: { all: 'すべての結果', success: '成功', failure: '失敗' },
    kind: {
      all: 'すべての種別',
      render: '描画エラー',
      error: '未捕捉のエラー',
      unhandledRejection: '未処理の Promise 拒否',
      chunkLoad: 'コードの読み込み失敗',
    },
    stack: 'スタック',
    userAgent: 'ブラウザ',
    anonymous: '未ログイン',
    ms: '{{value}} ミリ秒',
    filter: { name: '名前・メソッド', allMethods: 'すべてのメソッド' },
    exportName: '操作ログ',
    exportHint: '現在の条件で Excel に出力（新しい順、最大 {{max}} 件）',
  },
};
