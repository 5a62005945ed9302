/** Carbon footprint messages (joined into the catalogue of catalogue.ts). */
export const carbonMessages = {
  carbonFactorNotFound: {
    zh_CN: '排放因子不存在',
    en_US: 'The emission factor does not exist',
    es_ES: 'El factor de emisión no existe',
    ja_JP: '排出係数が存在しません',
  },
  carbonFactorTaken: {
    zh_CN: '{region}{year}年的排放因子已存在',
    en_US: 'An emission factor for {region}, {year} already exists',
    es_ES: 'Ya existe un factor de emisión para {region}, {year}',
    ja_JP: '{region}の{year}年の排出係数は既に存在します',
  },
  carbonNationalRequired: {
    zh_CN: '至少保留一个全国排放因子，未设省级因子的电站使用它',
    en_US: 'Keep at least one national emission factor: stations without a provincial one use it',
    es_ES: 'Conserve al menos un factor nacional: lo usan las estaciones sin factor provincial',
    ja_JP: '全国の排出係数を少なくとも1つ残してください（省別の係数がない発電所が使用します）',
  },
} as const;
