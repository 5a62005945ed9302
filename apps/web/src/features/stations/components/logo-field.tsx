import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { STATION_LOGO_MAX_BYTES, stationLogoType } from '@ess/contract';
import { Button, Image, Space, Typography, Upload } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/api/notifier';

/** What the form will do with the logo on save: nothing, set these bytes, or remove it. */
export type LogoChange = { kind: 'keep' } | { kind: 'set'; base64: string; url: string } | { kind: 'remove' };

const toBase64 = (bytes: Uint8Array): string => {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
};

/**
 * Reads a chosen file and checks it as the server will: at most 1 MB, PNG, JPEG or WebP by its
 * first bytes. Resolves the change, or null (with the refusal shown) for a file the server would refuse.
 */
export async function readLogo(file: Blob, t: TFunction): Promise<LogoChange | null> {
  if (file.size > STATION_LOGO_MAX_BYTES) {
    notify.error(t('stationAdmin.logoTooLarge'));
    return null;
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = stationLogoType(bytes);
  if (!type) {
    notify.error(t('stationAdmin.logoFormat'));
    return null;
  }
  return { kind: 'set', base64: toBase64(bytes), url: URL.createObjectURL(new Blob([bytes], { type })) };
}

/** The logo of the station form: the current image (or the chosen one), upload and remove. */
export function LogoField({
  currentUrl,
  change,
  onChange,
}: {
  /** The stored logo's preview (from getLogo), if any. */
  currentUrl: string | null;
  change: LogoChange;
  onChange: (c: LogoChange) => void;
}) {
  const { t } = useTranslation();
  const shown = change.kind === 'set' ? change.url : change.kind === 'remove' ? null : currentUrl;
  return (
    <Space align="start" data-testid="logo-field">
      {shown && (
        <span data-testid="logo-preview">
          <Image src={shown} width={64} height={64} style={{ objectFit: 'contain' }} alt={t('stationAdmin.logo')} />
        </span>
      )}
      <Space direction="vertical" size={4}>
        <Space>
          <Upload
            accept="image/png,image/jpeg,image/webp"
            showUploadList={false}
            beforeUpload={(file) => {
              void readLogo(file, t).then((c) => c && onChange(c));
              // Nothing is sent now: the logo is saved with the station.
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} data-testid="logo-upload">
              {t('stationAdmin.logoUpload')}
            </Button>
          </Upload>
          {shown && (
            <Button icon={<DeleteOutlined />} onClick={() => onChange({ kind: 'remove' })} data-testid="logo-remove">
              {t('stationAdmin.logoRemove')}
            </Button>
          )}
        </Space>
        <Typography.Text type="secondary">{t('stationAdmin.logoHint')}</Typography.Text>
      </Space>
    </Space>
  );
}
