import { UploadOutlined } from '@ant-design/icons';
import type { Endpoint, EndpointData } from '@ess/contract';
import { Button, Upload } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { notify } from '@/lib/api/notifier';
import { upload } from '@/lib/api/upload';

type UploadEndpoint = Endpoint & { upload: z.ZodType };

export type UploadButtonProps<E extends UploadEndpoint> = {
  /** An `upload` entry of the endpoint table (multipart: its fields, then the part `file`). */
  endpoint: E;
  fields: z.input<E['upload']>;
  /** What the picker offers (`.zip,.xml`); the server decides by the file itself. */
  accept: string;
  /** Why a picked file is not sent (its name, its size), or null to send it. */
  check: (file: File) => string | null;
  /** The server's answer to a sent file; a refusal has been shown by the client. */
  onUploaded: (data: EndpointData<E>) => void;
  children: ReactNode;
  testId: string;
};

/**
 * One file sent through an upload call at a click, such as a definition import: checked here
 * first, then streamed as multipart with its progress on the button (the server's refusals are
 * shown by the client, in the server's words). Stored files of a form use `FileUpload` instead.
 */
export function UploadButton<E extends UploadEndpoint>({
  endpoint,
  fields,
  accept,
  check,
  onUploaded,
  children,
  testId,
}: UploadButtonProps<E>) {
  const { t } = useTranslation();
  const [percent, setPercent] = useState<number | null>(null);

  const send = (file: File) => {
    const problem = check(file);
    if (problem !== null) {
      notify.error(problem);
      return;
    }
    setPercent(0);
    upload(endpoint, fields, file, {
      onProgress: (p) => setPercent(p.total > 0 ? Math.min(100, Math.round((p.loaded / p.total) * 100)) : 0),
    })
      .then(onUploaded)
      .catch(() => undefined)
      .finally(() => setPercent(null));
  };

  return (
    <Upload
      accept={accept}
      showUploadList={false}
      disabled={percent !== null}
      beforeUpload={(file) => {
        send(file);
        return false;
      }}
    >
      <Button icon={<UploadOutlined />} loading={percent !== null} data-testid={testId}>
        {percent === null ? children : t('fileUpload.uploading', { percent })}
      </Button>
    </Upload>
  );
}
