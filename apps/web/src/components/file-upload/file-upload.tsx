import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { FILE_RULES, type FilePurpose, filesApi, type StoredFile } from '@ess/contract';
import { Button, Typography, Upload, type UploadFile } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/api/notifier';
import { upload } from '@/lib/api/upload';
import { useFileUrl } from './file-url';

export type FileUploadProps = {
  /** Firmware has its own upload (the device upgrade page). */
  purpose: Exclude<FilePurpose, 'firmware'>;
  /** The station the files belong to (downloads follow its scope). */
  stationId?: number | null;
  /** Files uploaded so far (a form field's value). */
  value?: StoredFile[];
  onChange?: (files: StoredFile[]) => void;
  disabled?: boolean;
  testId?: string;
};

const MIB = 1024 * 1024;
const endsWithOne = (name: string, endings: readonly string[]) => endings.some((e) => name.toLowerCase().endsWith(e));

const doneItems = (files: StoredFile[]): UploadFile<StoredFile>[] =>
  files.map((f) => ({ uid: f.id, name: f.name, status: 'done', response: f }));

/** A done picture's thumbnail, read with the session (an <img src> cannot send the token). */
function Thumb({ file }: { file: UploadFile<StoredFile> }) {
  const url = useFileUrl(file.response?.id ?? null);
  return url ? <img src={url} alt={file.name} style={{ width: '100%', height: '100%', objectFit: 'cover' }} /> : null;
}

/**
 * The one upload field (attachments, pictures): each file is checked here against its
 * purpose's size, count and formats (the server checks again, by content), then streamed as
 * multipart with its progress shown; the value is the stored files' descriptions.
 */
export function FileUpload({
  purpose,
  stationId,
  value = [],
  onChange,
  disabled,
  testId = 'file-upload',
}: FileUploadProps) {
  const { t } = useTranslation();
  const rule = FILE_RULES[purpose];
  const pictures = purpose === 'picture';
  const [pending, setPending] = useState<UploadFile<StoredFile>[]>([]);
  // The latest value, for uploads that finish after the form changed it.
  const current = useRef(value);
  current.current = value;
  const formats = rule.accept.join(' ');
  const sizeMb = Math.round(rule.maxBytes / MIB);
  const done = doneItems(value);
  const full = value.length + pending.filter((p) => p.status === 'uploading').length >= rule.maxPerOwner;

  return (
    <div data-testid={testId}>
      <Upload<StoredFile>
        multiple
        accept={rule.accept.join(',')}
        listType={pictures ? 'picture-card' : 'text'}
        fileList={[...done, ...pending]}
        disabled={disabled}
        itemRender={
          pictures
            ? (node, file) =>
                file.status === 'done' ? (
                  <div style={{ position: 'relative', width: '100%', height: '100%' }}>
                    <Thumb file={file} />
                    <div style={{ position: 'absolute', inset: 0 }}>{node}</div>
                  </div>
                ) : (
                  node
                )
            : undefined
        }
        beforeUpload={(file, batch) => {
          const index = batch.indexOf(file);
          if (value.length + pending.length + index >= rule.maxPerOwner) {
            if (index === 0 || value.length + pending.length + index === rule.maxPerOwner)
              notify.error(t('fileUpload.tooMany', { count: rule.maxPerOwner }));
            return Upload.LIST_IGNORE;
          }
          if (file.size > rule.maxBytes) {
            notify.error(t('fileUpload.tooLarge', { name: file.name, size: sizeMb }));
            return Upload.LIST_IGNORE;
          }
          if (!endsWithOne(file.name, rule.accept)) {
            notify.error(t('fileUpload.wrongFormat', { name: file.name, formats }));
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file, onProgress, onSuccess, onError }) => {
          const blob = file as File;
          upload(filesApi.fileUpload, { purpose, ...(stationId ? { stationId } : {}) }, blob, {
            onProgress: (p) => onProgress?.({ percent: p.total > 0 ? (p.loaded / p.total) * 100 : 0 }),
          })
            .then((stored) => onSuccess?.(stored))
            // The client has shown the server's refusal (spec 8).
            .catch((e: Error) => onError?.(e));
        }}
        onChange={({ file }) => {
          if (file.status === 'done' && file.response) {
            setPending((p) => p.filter((x) => x.uid !== file.uid));
            onChange?.([...current.current, file.response]);
          } else if (file.status === 'removed') {
            const id = file.response?.id;
            if (id && current.current.some((f) => f.id === id)) onChange?.(current.current.filter((f) => f.id !== id));
            setPending((p) => p.filter((x) => x.uid !== file.uid));
          } else {
            setPending((p) => [...p.filter((x) => x.uid !== file.uid), file]);
          }
        }}
        showUploadList={{ showPreviewIcon: false }}
      >
        {pictures ? (
          full ? null : (
            <button type="button" style={{ border: 0, background: 'none' }} data-testid={`${testId}-button`}>
              <PlusOutlined />
              <div style={{ marginTop: 8 }}>{t('fileUpload.picture')}</div>
            </button>
          )
        ) : (
          <Button icon={<UploadOutlined />} disabled={disabled || full} data-testid={`${testId}-button`}>
            {t('fileUpload.button')}
          </Button>
        )}
      </Upload>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('fileUpload.hint', { count: rule.maxPerOwner, size: sizeMb, formats })}
      </Typography.Text>
    </div>
  );
}
