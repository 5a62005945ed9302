import { Typography } from 'antd';

/** A SHA-256 in a table cell: its first 12 characters, the whole one on hover and copied. */
export function ChecksumCell({ sha256 }: { sha256: string }) {
  return (
    <Typography.Text code copyable={{ text: sha256 }} title={sha256}>
      {sha256.slice(0, 12)}…
    </Typography.Text>
  );
}
