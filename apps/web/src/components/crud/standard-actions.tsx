import type { Endpoint } from '@ess/contract';
import { Form, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowAction } from './row-actions';

/** The kit's texts the row actions need (any page's `t` fits). */
type KitT = (key: 'crud.edit' | 'crud.delete' | 'crud.deleteConfirm', opts?: { name: string }) => string;

/** A row's "edit" link behind `endpoint`'s permission; disabled with the reason as tooltip while `blockedBy` is set. */
export function editAction(
  t: KitT,
  {
    endpoint,
    onClick,
    testId,
    blockedBy,
  }: { endpoint: Endpoint; onClick: () => unknown; testId?: string; blockedBy?: ReactNode },
): RowAction {
  return {
    key: 'edit',
    label: t('crud.edit'),
    endpoint,
    testId,
    disabled: blockedBy ? true : undefined,
    tooltip: blockedBy || undefined,
    onClick,
  };
}

/** A row's "delete" link: asks first; disabled with the reason as tooltip while `blockedBy` is set. */
export function deleteAction(
  t: KitT,
  {
    endpoint,
    name,
    onDelete,
    testId,
    blockedBy,
  }: { endpoint: Endpoint; name: string; onDelete: () => unknown; testId?: string; blockedBy?: ReactNode },
): RowAction {
  return {
    key: 'delete',
    label: t('crud.delete'),
    endpoint,
    danger: true,
    testId,
    disabled: blockedBy ? true : undefined,
    tooltip: blockedBy || undefined,
    confirm: t('crud.deleteConfirm', { name }),
    onClick: onDelete,
  };
}

/** The filter bar's enabled / disabled choice (field `enabled` unless named otherwise). */
export function EnabledFilter({
  placeholder,
  name = 'enabled',
  width = 120,
}: {
  placeholder: string;
  name?: string;
  width?: number;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name}>
      <Select
        allowClear
        placeholder={placeholder}
        style={{ width }}
        options={[
          { value: true, label: t('crud.enabled') },
          { value: false, label: t('crud.disabled') },
        ]}
      />
    </Form.Item>
  );
}
