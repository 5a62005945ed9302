import { PlusOutlined } from '@ant-design/icons';
import type { Endpoint } from '@ess/contract';
import { Button, Card, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '@/components/permission';

/** The frame of an administration list: title, toolbar (add, export…), filters, then the table. */
export function ListCard({
  title,
  toolbar,
  filters,
  failed,
  children,
  testId,
}: {
  title: ReactNode;
  toolbar?: ReactNode;
  filters?: ReactNode;
  /** The first load failed: show that instead of an empty table. */
  failed?: boolean;
  children: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Card title={title} extra={toolbar} data-testid={testId}>
      {filters}
      {failed ? <Result status="warning" title={t('crud.loadFailed')} /> : children}
    </Card>
  );
}

/** "Add" for holders of the add call's permissions. */
export function AddButton({
  endpoint,
  onClick,
  label,
  testId,
}: {
  endpoint: Endpoint;
  onClick: () => void;
  label?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Permission endpoint={endpoint}>
      <Button type="primary" icon={<PlusOutlined />} onClick={onClick} data-testid={testId}>
        {label ?? t('crud.add')}
      </Button>
    </Permission>
  );
}
