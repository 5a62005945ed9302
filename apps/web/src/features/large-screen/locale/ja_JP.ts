import type { LocaleShape } from '@/lib/i18n/types';
import type { zh_CN } from './zh_CN';

export const ja_JP: LocaleShape<typeof zh_CN> = {
  largeScreen: {
    title: {
      fleet: '蓄電所集中監視',
      province: '{{province}}・蓄電所',
      station: '{{name}}',
    },
    back: '一つ上へ戻る',
    toFleet: '全国表示',
    fullscreen: '全画面',
    exitFullscreen: '全画面を終了',
    viewerClock: 'この端末の時刻（{{zone}}）',
    updated: '{{ago}}に更新',
    loadFailed: '大画面のデータを読み込めませんでした。まもなく再試行します',
    empty: 'このアカウントの範囲に蓄電所がありません',
    kpi: {
      stations: '蓄電所数',
      stationsNote: '運転中 {{count}} か所',
      capacity: '設備容量',
      ratedNote: '定格出力 {{value}}',
      power: '現在の蓄電出力',
      charging: '充電中',
      discharging: '放電中',
      idle: '待機',
      charge: '本日の充電量',
      discharge: '本日の放電量',
      revenue: '本日の収益',
      otherCurrency: 'ほかに {{count}} か所が {{currency}} で計上',
      carbon: '本日のCO₂削減量',
      carbonNote: '太陽光発電量 × 系統の排出係数',
      today: '本日これまで',
      dischargeable: '放電可能量 {{value}}',
    },
    online: {
      title: '蓄電所オンライン率',
      detail: '運転中 {{total}} か所のうち {{online}} か所がオンライン',
      none: '運転中の蓄電所がありません',
    },
    map: {
      title: '蓄電所の分布',
      openProvince: '{{province}}の蓄電所を表示',
      openStation: '蓄電所 {{name}} を開く',
      offMap: '{{count}} か所の座標が地図の範囲外です',
      group: '近接する {{count}} か所の蓄電所：{{names}}',
    },
    ticker: {
      title: 'リアルタイムアラーム',
      none: '発生中のアラームはありません',
      line: '{{station}}・{{device}}・{{name}}',
    },
    list: {
      title: '蓄電所（{{count}} か所）',
    },
    ranking: {
      title: '本日の放電量ランキング',
      none: '本日はまだ放電がありません',
    },
    station: {
      flow: 'エネルギーフロー',
      curve: '本日の出力曲線',
      soc: 'SOC',
      status: '蓄電所の状態',
      clock: '蓄電所の時刻（{{zone}}）',
      noCurve: '本日の出力データはまだありません',
      noFlow: '蓄電所からリアルタイムデータが届いていません',
      overview: '蓄電所の概要',
      devices: 'オンライン機器',
      devicesValue: '{{online}} / {{total}}',
    },
  },
};
