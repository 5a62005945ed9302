import { SEQUENCE_RUN_STATES, type SequenceRun, type SequenceRunState, sequenceApi } from '@ess/contract';
import { Form, Select, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar, ListCard, RowActions, ServerListExport, useServerTable } from '@/components/crud';
import { instantText } from '@/lib/format/platform-time';
import { useStationTime } from '@/lib/station/station-time';
import { SEQUENCE_RUN_TAG } from './run-state-tag';

type Filters = { state?: SequenceRunState };

/** The station's runs, newest first; one can be opened in the progress view. */
export function RunHistory({ stationId, onView }: { stationId: number; onView: (id: number) => void }) {
  const { t } = useTranslation();
  const clock = useStationTime();
  const [values, setValues] = useState<Filters>({});
  const filters = useMemo(() => ({ stationId, ...values }), [stationId, values]);
  const table = useServerTable(sequenceApi.runPage, filters);

  const columns: ColumnsType<SequenceRun> = [
    { key: 'template', title: t('sequence.history.template'), render: (_, r) => r.templateName },
    {
      key: 'state',
      title: t('sequence.history.state'),
      render: (_, r) => <Tag color={SEQUENCE_RUN_TAG[r.state]}>{t(`sequence.runState.${r.state}`)}</Tag>,
    },
    {
      key: 'start',
      title: clock.withZone(t('sequence.history.start')),
      render: (_, r) => instantText(clock, r.startTime),
    },
    { key: 'end', title: clock.withZone(t('sequence.history.end')), render: (_, r) => instantText(clock, r.endTime) },
    { key: 'by', title: t('sequence.history.issuedBy'), render: (_, r) => r.issuedBy ?? '-' },
    {
      key: 'failed',
      title: t('sequence.history.failedStep'),
      render: (_, r) => {
        const step = r.steps.find((s) => s.index === r.failedStep);
        return step ? `${step.index}. ${step.name}` : '-';
      },
    },
    {
      key: 'actions',
      title: t('sequence.actions'),
      render: (_, r) => (
        <RowActions
          actions={[
            { key: 'view', label: t('sequence.history.view'), onClick: () => onView(r.id), testId: `run-view-${r.id}` },
          ]}
        />
      ),
    },
  ];

  return (
    <ListCard
      title={t('sequence.history.title')}
      testId="sequence-runs"
      failed={table.query.isError && !table.query.data}
      toolbar={
        <ServerListExport
          list={sequenceApi.runPage}
          filters={filters}
          table={table}
          columns={columns}
          fileName={t('sequence.history.title')}
          testId="sequence-runs-export"
        />
      }
      filters={
        <FilterBar<Filters> onSearch={setValues}>
          <Form.Item name="state">
            <Select
              allowClear
              style={{ width: 140 }}
              placeholder={t('sequence.history.anyState')}
              options={SEQUENCE_RUN_STATES.map((s) => ({ value: s, label: t(`sequence.runState.${s}`) }))}
            />
          </Form.Item>
        </FilterBar>
      }
    >
      <Table<SequenceRun> rowKey="id" size="small" columns={columns} {...table.tableProps} />
    </ListCard>
  );
}
