import type { LocaleShape } from '@/lib/i18n/types';
import type { zh_CN } from './zh_CN';

export const ja_JP: LocaleShape<typeof zh_CN> = {
  processDiagram: {
    unreadable: 'フロー図を読み込めません：有効なプロセス定義ではありません',
    noLayout: 'このプロセス定義には表示できる図のレイアウトがありません',
    unsupported: 'このブラウザではフロー図を描画できません',
    failed: 'フロー図の描画に失敗しました',
    active: '現在のステップ',
    done: '完了したステップ',
    fit: '画面に合わせる',
    unknownNodes: 'フロー図に見つからないステップ：{{ids}}',
  },
};
