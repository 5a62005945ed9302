import { type PlanCurveTemplate, planCurveApi } from '@ess/contract';
import { Form, Input, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type HTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AddButton,
  deleteAction,
  EnabledFilter,
  EnabledSwitch,
  editAction,
  FilterBar,
  type FiltersOf,
  ListCard,
  type RowAction,
  RowActions,
  ServerListExport,
  useEndpointMutation,
  useServerTable,
} from '@/components/crud';
import { notify } from '@/lib/api/notifier';
import { instantText, usePlatformTime } from '@/lib/format/platform-time';
import { useCurrentStation } from '@/lib/station/current-station';
import { PLAN_CURVE_WRITES } from '../api/plan-writes';
import { type Editing, TemplateEditor } from '../components/template-editor';

type Filters = FiltersOf<typeof planCurveApi.page>;

/**
 * /strategic-management/plan-curve: plan curve templates, their segments and enablement. A
 * template shared by every station that the user may not change (`editable`: administrators
 * only) offers "copy" instead: an editable copy for the current station, opened in the editor.
 */
export function PlanCurvePage() {
  const { t } = useTranslation();
  const clock = usePlatformTime();
  const { stationId, station } = useCurrentStation();
  const [filters, setFilters] = useState<Filters>({});
  const [editing, setEditing] = useState<Editing>(null);
  const table = useServerTable(planCurveApi.page, filters);
  const after = { invalidate: PLAN_CURVE_WRITES };
  const enable = useEndpointMutation(planCurveApi.setEnabled, after);
  const remove = useEndpointMutation(planCurveApi.remove, after);
  const copy = useEndpointMutation(planCurveApi.copy, after);

  const copyToStation = async (r: PlanCurveTemplate) => {
    if (stationId === null) return;
    const made = await copy.mutateAsync({ id: r.id, stationId }).catch(() => null);
    if (!made) return;
    notify.success(t('planCurve.copied', { station: station?.name ?? '' }));
    setEditing({ template: made });
  };
  const changes = (r: PlanCurveTemplate): RowAction[] =>
    r.editable
      ? [
          editAction(t, {
            endpoint: planCurveApi.update,
            testId: `plan-edit-${r.code}`,
            onClick: () => setEditing({ template: r }),
          }),
          // Spec 5: a template must be disabled before deletion.
          deleteAction(t, {
            endpoint: planCurveApi.remove,
            name: r.name,
            testId: `plan-delete-${r.code}`,
            blockedBy: r.enabled ? t('planCurve.deleteEnabled') : undefined,
            onDelete: () => remove.mutateAsync({ id: r.id }),
          }),
        ]
      : [
          {
            key: 'copy',
            label: t('planCurve.copy'),
            endpoint: planCurveApi.copy,
            disabled: stationId === null,
            tooltip: t('planCurve.copyShared', { station: station?.name ?? '' }),
            onClick: () => copyToStation(r),
            testId: `plan-copy-${r.code}`,
          },
        ];

  const columns: ColumnsType<PlanCurveTemplate> = [
    { key: 'code', title: t('planCurve.code'), dataIndex: 'code', sorter: true, width: 140 },
    { key: 'name', title: t('planCurve.name'), dataIndex: 'name', sorter: true, ellipsis: true },
    {
      key: 'station',
      title: t('planCurve.scope'),
      width: 180,
      ellipsis: true,
      render: (_, r) => r.stationName ?? t('planCurve.shared'),
    },
    {
      key: 'segments',
      title: t('planCurve.segments'),
      width: 100,
      render: (_, r) => r.segments.length,
    },
    {
      key: 'enabled',
      title: t('planCurve.enabled'),
      sorter: true,
      width: 110,
      render: (_, r) => (
        <EnabledSwitch
          checked={r.enabled}
          disabled={!r.editable}
          endpoint={planCurveApi.setEnabled}
          testId={`plan-enabled-${r.code}`}
          onChange={(on) => enable.mutate({ id: r.id, enabled: on })}
        />
      ),
    },
    {
      key: 'modifyTime',
      title: clock.withZone(t('planCurve.modifyTime')),
      sorter: true,
      width: 180,
      render: (_, r) => instantText(clock, r.modifyTime),
    },
    {
      key: 'actions',
      title: t('planCurve.actions'),
      width: 150,
      render: (_, r) => <RowActions actions={changes(r)} />,
    },
  ];

  return (
    <ListCard
      title={t('planCurve.title')}
      testId="plan-curve-page"
      failed={table.query.isError && !table.query.data}
      toolbar={
        <Space>
          <ServerListExport
            list={planCurveApi.page}
            filters={filters}
            table={table}
            columns={columns}
            fileName={t('planCurve.title')}
            testId="plan-export"
          />
          <AddButton endpoint={planCurveApi.add} testId="plan-add" onClick={() => setEditing({ template: null })} />
        </Space>
      }
      filters={
        <FilterBar<Filters> onSearch={setFilters}>
          <Form.Item name="keyword">
            <Input allowClear placeholder={t('planCurve.keyword')} />
          </Form.Item>
          <EnabledFilter placeholder={t('planCurve.enabled')} width={110} />
        </FilterBar>
      }
    >
      <Table<PlanCurveTemplate>
        rowKey="id"
        size="small"
        columns={columns}
        scroll={{ x: 900 }}
        onRow={(r) => ({ 'data-testid': `plan-row-${r.code}` }) as HTMLAttributes<HTMLElement>}
        {...table.tableProps}
        data-testid="plan-table"
      />
      <TemplateEditor editing={editing} onClose={() => setEditing(null)} />
    </ListCard>
  );
}
