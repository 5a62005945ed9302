import type { Endpoint } from '@ess/contract';
import { Button, Popconfirm, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { Permission } from '@/components/permission';

export type RowAction = {
  key: string;
  label: ReactNode;
  onClick: () => unknown;
  /** Shown only to holders of this call's permissions (spec 5 permission directive). */
  endpoint?: Endpoint;
  /** Or of one of these permissions. */
  perms?: readonly string[];
  danger?: boolean;
  /** Asks first (Popconfirm with this title); `onClick` runs on OK. */
  confirm?: ReactNode;
  disabled?: boolean;
  /** Spins while the row's action is under way (a delivery in flight). */
  loading?: boolean;
  /** Why it is disabled, or a hint. */
  tooltip?: ReactNode;
  testId?: string;
};

/** The link buttons of a table row, each behind its permission. */
export function RowActions({ actions }: { actions: RowAction[] }) {
  return (
    <Space size={0} wrap={false}>
      {actions.map((a) => {
        let button: ReactNode = (
          <Button
            type="link"
            size="small"
            danger={a.danger}
            disabled={a.disabled}
            loading={a.loading}
            data-testid={a.testId}
            onClick={a.confirm ? undefined : () => void a.onClick()}
          >
            {a.label}
          </Button>
        );
        if (a.confirm && !a.disabled) {
          button = (
            <Popconfirm title={a.confirm} onConfirm={() => a.onClick()}>
              {button}
            </Popconfirm>
          );
        }
        if (a.tooltip) button = <Tooltip title={a.tooltip}>{button}</Tooltip>;
        if (a.endpoint)
          return (
            <Permission key={a.key} endpoint={a.endpoint}>
              {button}
            </Permission>
          );
        if (a.perms)
          return (
            <Permission key={a.key} perms={a.perms}>
              {button}
            </Permission>
          );
        return <span key={a.key}>{button}</span>;
      })}
    </Space>
  );
}
