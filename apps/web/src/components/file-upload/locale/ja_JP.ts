import type { LocaleShape } from '@/lib/i18n/types';
import type { zh_CN } from './zh_CN';

export const ja_JP: LocaleShape<typeof zh_CN> = {
  fileUpload: {
    button: 'ファイルをアップロード',
    picture: '画像をアップロード',
    hint: '最大 {{count}} ファイル、各 {{size}} MB まで。形式：{{formats}}',
    tooLarge: '{{name}} は {{size}} MB を超えています',
    wrongFormat: '{{name}} は許可された形式ではありません（{{formats}}）',
    tooMany: 'ファイルは最大 {{count}} 個です',
    failed: '{{name}} のアップロードに失敗しました',
    preview: 'プレビュー',
    loadFailed: '画像を読み込めません',
    uploading: 'アップロード中… {{percent}}%',
    none: '画像なし',
  },
};
