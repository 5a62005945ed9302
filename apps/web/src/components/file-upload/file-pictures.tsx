import type { StoredFile } from '@ess/contract';
import { Image, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFileUrl } from './file-url';

function Picture({ file, size }: { file: StoredFile; size: number }) {
  const url = useFileUrl(file.id);
  return (
    <Image
      width={size}
      height={size}
      src={url ?? undefined}
      alt={file.name}
      style={{ objectFit: 'cover' }}
      data-testid={`picture-${file.id}`}
    />
  );
}

/** Pictures of the file store as thumbnails, opened in one preview group (zoom, rotate, next). */
export function FilePictures({ files, size = 48 }: { files: readonly StoredFile[]; size?: number }) {
  const { t } = useTranslation();
  if (files.length === 0) return <Typography.Text type="secondary">{t('fileUpload.none')}</Typography.Text>;
  return (
    <Image.PreviewGroup>
      <Space size={4} wrap>
        {files.map((f) => (
          <Picture key={f.id} file={f} size={size} />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}
