/** Refusals of the archive guard (lib/archive-guard.ts), joined into the catalogue of catalogue.ts. */
export const archiveMessages = {
  archiveTooManyEntries: {
    zh_CN: '文件包含超过 {max} 个条目，未予读取',
    en_US: 'The file holds more than {max} entries and was refused unread',
    es_ES: 'El archivo contiene más de {max} entradas y se rechazó sin leerlo',
    ja_JP: 'ファイルのエントリーが {max} 個を超えているため、読み込まずに拒否しました',
  },
  archiveEntryTooLarge: {
    zh_CN: '文件中有部分解压后超过 {max}，未予读取',
    en_US: 'A part of the file unpacks to more than {max}; the file was refused unread',
    es_ES: 'Una parte del archivo ocupa más de {max} al descomprimirla; se rechazó sin leerlo',
    ja_JP: 'ファイルの一部が展開後 {max} を超えるため、読み込まずに拒否しました',
  },
  archiveTooLarge: {
    zh_CN: '文件解压后总计超过 {max}，未予读取',
    en_US: 'The file unpacks to more than {max} in all; it was refused unread',
    es_ES: 'El archivo ocupa más de {max} en total al descomprimirlo; se rechazó sin leerlo',
    ja_JP: 'ファイルは展開後の合計が {max} を超えるため、読み込まずに拒否しました',
  },
  archiveRatio: {
    zh_CN: '文件中有部分压缩比超过 {max}:1（压缩炸弹的特征），未予读取',
    en_US: 'A part of the file is compressed more than {max}:1, as only a zip bomb is; it was refused unread',
    es_ES:
      'Una parte del archivo está comprimida más de {max}:1, como solo lo está una bomba zip; se rechazó sin leerlo',
    ja_JP: 'ファイルの一部の圧縮率が {max}:1 を超えており（zip 爆弾の特徴）、読み込まずに拒否しました',
  },
  archiveEncrypted: {
    zh_CN: '文件已加密：请不设密码另存后再导入',
    en_US: 'The file is encrypted: save it without a password and import it again',
    es_ES: 'El archivo está cifrado: guárdelo sin contraseña e impórtelo de nuevo',
    ja_JP: 'ファイルが暗号化されています。パスワードなしで保存してから再度インポートしてください',
  },
  archiveMethod: {
    zh_CN: '文件使用了不支持的压缩方式：请用常规方式另存后再导入',
    en_US: 'The file uses an unsupported compression method: save it again the usual way and import it',
    es_ES: 'El archivo usa un método de compresión no admitido: guárdelo de nuevo de la forma habitual e impórtelo',
    ja_JP: 'ファイルはサポートされていない圧縮方式を使用しています。通常の方法で保存し直してからインポートしてください',
  },
  archiveUnsafeEntry: {
    zh_CN: '文件中有条目使用绝对路径、上级目录（..）或链接，未予读取',
    en_US: 'An entry of the file uses an absolute path, a parent folder (..) or a link; the file was refused unread',
    es_ES:
      'Una entrada del archivo usa una ruta absoluta, una carpeta superior (..) o un enlace; se rechazó sin leerlo',
    ja_JP: 'ファイルのエントリーが絶対パス、親フォルダー（..）またはリンクを使用しているため、読み込まずに拒否しました',
  },
  archiveMalformed: {
    zh_CN: '文件已损坏：其 zip 目录无法读取或与内容不符',
    en_US: 'The file is damaged: its zip directory cannot be read or does not match its content',
    es_ES: 'El archivo está dañado: su directorio zip no se puede leer o no coincide con su contenido',
    ja_JP: 'ファイルが破損しています。zip ディレクトリを読み取れないか、内容と一致しません',
  },
} as const;
