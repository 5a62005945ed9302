import { PaperClipOutlined } from '@ant-design/icons';
import { Space, Typography } from 'antd';

type OrderFile = { id: string; name: string; size: number };

/** An order's or a step's files by name. */
export function OrderFileList({ files, testId }: { files: readonly OrderFile[]; testId?: string }) {
  if (files.length === 0) return <>-</>;
  return (
    <Space size={[12, 4]} wrap data-testid={testId}>
      {files.map((f) => (
        <Typography.Text key={f.id}>
          <PaperClipOutlined /> {f.name}
        </Typography.Text>
      ))}
    </Space>
  );
}
