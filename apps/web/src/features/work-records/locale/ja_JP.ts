import type { LocaleShape } from '@/lib/i18n/types';
import type { zh_CN } from './zh_CN';

export const ja_JP: LocaleShape<typeof zh_CN> = {
  workRecords: {
    noStation: '先に発電所を選択してください',
    keyword: 'キーワード',
    timeRange: '期間',
    exportHint: '絞り込み条件に合う記録を Excel に出力します',
    inspection: {
      title: '情報登録',
      add: '点検記録を追加',
      edit: '点検記録を編集',
      name: '名称',
      content: '記録内容',
      recordTime: '記録日時',
      recorder: '記録者',
      fileName: '点検記録',
    },
    repair: {
      title: '修理記録',
      add: '修理記録を追加',
      edit: '修理記録を編集',
      repairman: '修理担当者',
      location: '修理場所',
      content: '修理内容',
      repairTime: '修理日時',
      remark: '備考',
      pictures: '画像',
      order: '作業指示',
      fileName: '修理記録',
    },
    required: '{{field}}を入力してください',
  },
};
