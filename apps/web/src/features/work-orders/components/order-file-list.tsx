import { PaperClipOutlined } from '@ant-design/icons';
import { filesApi } from '@ess/contract';
import { Button, Space } from 'antd';
import { download } from '@/lib/api/client';

type OrderFile = { id: string; name: string; size: number };

/**
 * An order's or a step's files as links; a click downloads the file through the session (a plain
 * link cannot send the bearer token; the server checks the order's station scope).
 */
export function OrderFileList({ files, testId }: { files: readonly OrderFile[]; testId?: string }) {
  if (files.length === 0) return <>-</>;
  const fetchFile = (f: OrderFile) =>
    // A failure has been shown by the download helper (spec 8).
    download(filesApi.fileDownload, { id: f.id }, { fallbackName: f.name }).catch(() => undefined);
  return (
    <Space size={[12, 4]} wrap data-testid={testId}>
      {files.map((f) => (
        <Button
          key={f.id}
          type="link"
          size="small"
          icon={<PaperClipOutlined />}
          onClick={() => void fetchFile(f)}
          data-testid={`order-file-${f.id}`}
        >
          {f.name}
        </Button>
      ))}
    </Space>
  );
}
