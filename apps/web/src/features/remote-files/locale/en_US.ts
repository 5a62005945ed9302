import type { LocaleShape } from '@/lib/i18n/types';
import type { zh_CN } from './zh_CN';

export const en_US: LocaleShape<typeof zh_CN> = {
  remoteFiles: {
    subtitle:
      'The station’s configuration and log files: pushed to a device, which answers their checksum, or pulled from it',
    noStation: 'Choose a station first',
    files: 'Files',
    transfers: 'Transfers',
    upload: 'Upload file',
    uploadHint: 'At most 50 MB',
    uploaded: 'File uploaded',
    name: 'Name',
    size: 'Size',
    sha256: 'SHA-256',
    source: 'Source',
    fromDevice: 'Device {{sn}}',
    uploadedAt: 'Time',
    download: 'Download',
    push: 'Push to device',
    pull: 'Pull from device',
    device: 'Device',
    path: 'Path on the device',
    pathHint: 'Letters, digits and / . _ -; log for the device’s log',
    pushTitle: 'Push {{name}}',
    pullTitle: 'Pull a file from a device',
    started: 'Sent: waiting for the device’s answer',
    direction: { push: 'Push', pull: 'Pull' },
    state: {
      pending: 'Pending',
      sent: 'Sent',
      success: 'Success',
      failure: 'Failure',
      timeout: 'Timed out',
      cancelled: 'Cancelled',
    },
    stateTitle: 'State',
    checksum: 'Checksum',
    checksumMatch: 'Matches',
    by: 'By',
    message: 'Message',
  },
};
