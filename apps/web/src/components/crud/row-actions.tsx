import { DownOutlined } from '@ant-design/icons';
import type { Endpoint } from '@ess/contract';
import { Button, Dropdown, type MenuProps, Popconfirm, Space, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '@/lib/hooks/use-media-query';
import { useMayCall, usePermission } from '@/lib/session/permission';

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

/**
 * Below this width (a 1024–1280 px screen beside the side menu) a row's actions beyond
 * MAX_INLINE fold into a "More" menu, so the action column no longer hides the columns it
 * sticks over (the user list's roles and status at 1024 px).
 */
export const NARROW_ACTIONS = '(max-width: 1279px)';
/** Actions a narrow row shows as links; with more, the first MAX_INLINE − 1 and "More". */
const MAX_INLINE = 3;
/** The action column's width at most on a narrow screen (px): two links and "More" in any language. */
export const NARROW_ACTIONS_WIDTH = 200;

/** Whether row actions fold on this screen (the kit's action column sizes itself to match). */
export const useNarrowActions = (): boolean => useMediaQuery(NARROW_ACTIONS);

/** The link buttons of a table row, each behind its permission; folded under "More" on narrow screens. */
export function RowActions({ actions }: { actions: RowAction[] }) {
  const { t } = useTranslation();
  const can = usePermission();
  const mayCall = useMayCall();
  const narrow = useNarrowActions();
  const [confirming, setConfirming] = useState<RowAction | null>(null);
  const shown = actions.filter((a) => (a.endpoint ? mayCall(a.endpoint) : a.perms ? can(a.perms) : true));
  const inline = narrow && shown.length > MAX_INLINE ? shown.slice(0, MAX_INLINE - 1) : shown;
  const folded = shown.slice(inline.length);

  const items: MenuProps['items'] = folded.map((a) => ({
    key: a.key,
    danger: a.danger,
    disabled: a.disabled || a.loading,
    label: (
      <Tooltip title={a.tooltip} placement="left">
        <span data-testid={a.testId}>{a.label}</span>
      </Tooltip>
    ),
  }));
  const chosen: MenuProps['onClick'] = ({ key }) => {
    const a = folded.find((f) => f.key === key);
    if (!a) return;
    // A folded action that asks first asks at the "More" link: the menu closes as it is chosen.
    if (a.confirm) setConfirming(a);
    else void a.onClick();
  };

  return (
    <Space size={0} wrap={false}>
      {inline.map((a) => (
        <span key={a.key}>
          <ActionLink action={a} />
        </span>
      ))}
      {folded.length > 0 && (
        <Popconfirm
          title={confirming?.confirm}
          open={confirming !== null}
          onOpenChange={(open) => {
            if (!open) setConfirming(null);
          }}
          onConfirm={() => {
            const a = confirming;
            setConfirming(null);
            return a?.onClick();
          }}
          onCancel={() => setConfirming(null)}
        >
          <Dropdown menu={{ items, onClick: chosen }} trigger={['click']}>
            <Button type="link" size="small" data-testid="row-actions-more">
              {t('crud.more')} <DownOutlined />
            </Button>
          </Dropdown>
        </Popconfirm>
      )}
    </Space>
  );
}

/** One action as a link button, asking first where it says so. */
function ActionLink({ action: a }: { action: RowAction }) {
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
  return a.tooltip ? <Tooltip title={a.tooltip}>{button}</Tooltip> : button;
}
