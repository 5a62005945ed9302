import { Descriptions, Drawer } from 'antd';
import type { ReactNode } from 'react';

export type DetailItem = { key: string; label: ReactNode; value: ReactNode };

/** The read-only detail of a row: label and value per field. */
export function DetailDrawer({
  open,
  title,
  items,
  onClose,
  width = 520,
  testId,
}: {
  open: boolean;
  title: ReactNode;
  items: DetailItem[];
  onClose: () => void;
  width?: number;
  testId?: string;
}) {
  return (
    <Drawer open={open} title={title} width={width} onClose={onClose} data-testid={testId}>
      <Descriptions
        column={1}
        bordered
        size="small"
        items={items.map((i) => ({ key: i.key, label: i.label, children: i.value ?? '-' }))}
      />
    </Drawer>
  );
}
