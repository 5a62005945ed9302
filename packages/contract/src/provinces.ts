import type { Lang } from './i18n';

/**
 * China's provincial-level divisions by GB/T 2260 code, named in the four interface languages.
 * Stations store the code; the station cascader shows the name in the caller's language.
 */
export const PROVINCES = {
  '11': { zh_CN: '北京市', en_US: 'Beijing', es_ES: 'Pekín', ja_JP: '北京市' },
  '12': { zh_CN: '天津市', en_US: 'Tianjin', es_ES: 'Tianjin', ja_JP: '天津市' },
  '13': { zh_CN: '河北省', en_US: 'Hebei', es_ES: 'Hebei', ja_JP: '河北省' },
  '14': { zh_CN: '山西省', en_US: 'Shanxi', es_ES: 'Shanxi', ja_JP: '山西省' },
  '15': { zh_CN: '内蒙古自治区', en_US: 'Inner Mongolia', es_ES: 'Mongolia Interior', ja_JP: '内モンゴル自治区' },
  '21': { zh_CN: '辽宁省', en_US: 'Liaoning', es_ES: 'Liaoning', ja_JP: '遼寧省' },
  '22': { zh_CN: '吉林省', en_US: 'Jilin', es_ES: 'Jilin', ja_JP: '吉林省' },
  '23': { zh_CN: '黑龙江省', en_US: 'Heilongjiang', es_ES: 'Heilongjiang', ja_JP: '黒竜江省' },
  '31': { zh_CN: '上海市', en_US: 'Shanghai', es_ES: 'Shanghái', ja_JP: '上海市' },
  '32': { zh_CN: '江苏省', en_US: 'Jiangsu', es_ES: 'Jiangsu', ja_JP: '江蘇省' },
  '33': { zh_CN: '浙江省', en_US: 'Zhejiang', es_ES: 'Zhejiang', ja_JP: '浙江省' },
  '34': { zh_CN: '安徽省', en_US: 'Anhui', es_ES: 'Anhui', ja_JP: '安徽省' },
  '35': { zh_CN: '福建省', en_US: 'Fujian', es_ES: 'Fujian', ja_JP: '福建省' },
  '36': { zh_CN: '江西省', en_US: 'Jiangxi', es_ES: 'Jiangxi', ja_JP: '江西省' },
  '37': { zh_CN: '山东省', en_US: 'Shandong', es_ES: 'Shandong', ja_JP: '山東省' },
  '41': { zh_CN: '河南省', en_US: 'Henan', es_ES: 'Henan', ja_JP: '河南省' },
  '42': { zh_CN: '湖北省', en_US: 'Hubei', es_ES: 'Hubei', ja_JP: '湖北省' },
  '43': { zh_CN: '湖南省', en_US: 'Hunan', es_ES: 'Hunan', ja_JP: '湖南省' },
  '44': { zh_CN: '广东省', en_US: 'Guangdong', es_ES: 'Cantón', ja_JP: '広東省' },
  '45': { zh_CN: '广西壮族自治区', en_US: 'Guangxi', es_ES: 'Guangxi', ja_JP: '広西チワン族自治区' },
  '46': { zh_CN: '海南省', en_US: 'Hainan', es_ES: 'Hainan', ja_JP: '海南省' },
  '50': { zh_CN: '重庆市', en_US: 'Chongqing', es_ES: 'Chongqing', ja_JP: '重慶市' },
  '51': { zh_CN: '四川省', en_US: 'Sichuan', es_ES: 'Sichuan', ja_JP: '四川省' },
  '52': { zh_CN: '贵州省', en_US: 'Guizhou', es_ES: 'Guizhou', ja_JP: '貴州省' },
  '53': { zh_CN: '云南省', en_US: 'Yunnan', es_ES: 'Yunnan', ja_JP: '雲南省' },
  '54': { zh_CN: '西藏自治区', en_US: 'Tibet', es_ES: 'Tíbet', ja_JP: 'チベット自治区' },
  '61': { zh_CN: '陕西省', en_US: 'Shaanxi', es_ES: 'Shaanxi', ja_JP: '陝西省' },
  '62': { zh_CN: '甘肃省', en_US: 'Gansu', es_ES: 'Gansu', ja_JP: '甘粛省' },
  '63': { zh_CN: '青海省', en_US: 'Qinghai', es_ES: 'Qinghai', ja_JP: '青海省' },
  '64': { zh_CN: '宁夏回族自治区', en_US: 'Ningxia', es_ES: 'Ningxia', ja_JP: '寧夏回族自治区' },
  '65': { zh_CN: '新疆维吾尔自治区', en_US: 'Xinjiang', es_ES: 'Sinkiang', ja_JP: '新疆ウイグル自治区' },
  '71': { zh_CN: '台湾省', en_US: 'Taiwan', es_ES: 'Taiwán', ja_JP: '台湾' },
  '81': { zh_CN: '香港特别行政区', en_US: 'Hong Kong', es_ES: 'Hong Kong', ja_JP: '香港' },
  '82': { zh_CN: '澳门特别行政区', en_US: 'Macao', es_ES: 'Macao', ja_JP: 'マカオ' },
} as const satisfies Record<string, Record<Lang, string>>;

export type ProvinceCode = keyof typeof PROVINCES;
export const PROVINCE_CODES = Object.keys(PROVINCES) as ProvinceCode[];

export const isProvinceCode = (v: string): v is ProvinceCode => Object.hasOwn(PROVINCES, v);

/** The province's name in `lang`; an unknown code is returned as is. */
export const provinceName = (code: string, lang: Lang): string => (isProvinceCode(code) ? PROVINCES[code][lang] : code);
