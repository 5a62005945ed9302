import type { LocaleShape } from '@/lib/i18n/types';
import type { zh_CN } from './zh_CN';

export const en_US: LocaleShape<typeof zh_CN> = {
  fileUpload: {
    button: 'Upload file',
    picture: 'Upload picture',
    hint: 'Up to {{count}} files of at most {{size}} MB each; formats: {{formats}}',
    tooLarge: '{{name}} is larger than {{size}} MB',
    wrongFormat: '{{name}} is not an allowed format ({{formats}})',
    tooMany: 'At most {{count}} files',
    failed: 'Uploading {{name}} failed',
    preview: 'Preview',
    loadFailed: 'The picture cannot be loaded',
    uploading: 'Uploading… {{percent}}%',
    none: 'No pictures',
  },
};
