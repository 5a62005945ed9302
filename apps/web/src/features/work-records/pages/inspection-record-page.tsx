import { type InspectionRecordRow, RECORD_LIMITS, workRecordsApi } from '@ess/contract';
import { DatePicker, Empty, Form, Input } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '@/components/crud';
import { useCurrentStation } from '@/lib/station/current-station';
import { useStationTime } from '@/lib/station/station-time';
import { type RecordFilterValues, recordFilters } from '../api/record-filters';

type Values = { name: string; content: string; recordTime: Dayjs; recorder: string };

/**
 * Information entry (/operational-inspection/information-entry): the current station's
 * inspection records (spec 3: name, content, record time, recorder), added, edited, deleted
 * and exported to Excel; times on the station's clock.
 */
export function InspectionRecordPage() {
  const { t } = useTranslation();
  const { stationId, station } = useCurrentStation();
  const clock = useStationTime();
  if (stationId === null) return <Empty description={t('workRecords.noStation')} />;
  const L = (k: 'name' | 'content' | 'recordTime' | 'recorder') => t(`workRecords.inspection.${k}`);
  const required = (field: string) => ({
    required: true,
    whitespace: true,
    message: t('workRecords.required', { field }),
  });
  const bodyOf = (v: Values) => ({
    stationId,
    name: v.name,
    content: v.content,
    recorder: v.recorder,
    recordTime: clock.fromPicker(v.recordTime),
  });
  return (
    <CrudPage
      title={`${t('workRecords.inspection.title')} · ${station?.name ?? ''}`}
      testId="inspection-record"
      list={workRecordsApi.inspectionRecordPage}
      fixed={{ stationId }}
      toFilters={(v: Partial<RecordFilterValues>) => recordFilters(stationId, clock, v)}
      rowTestKey={(r: InspectionRecordRow) => r.id}
      rowName={(r) => r.name}
      filters={
        <>
          <Form.Item name="keyword">
            <Input allowClear placeholder={t('workRecords.keyword')} style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="range">
            <DatePicker.RangePicker placeholder={[t('workRecords.timeRange'), t('workRecords.timeRange')]} />
          </Form.Item>
        </>
      }
      columns={[
        { key: 'name', title: L('name'), dataIndex: 'name', sorter: true },
        { key: 'content', title: L('content'), dataIndex: 'content', ellipsis: true },
        {
          key: 'recordTime',
          title: clock.withZone(L('recordTime')),
          sorter: true,
          render: (_, r) => clock.dateTime(r.recordTime),
        },
        { key: 'recorder', title: L('recorder'), dataIndex: 'recorder', sorter: true },
      ]}
      add={{ endpoint: workRecordsApi.inspectionRecordAdd, input: bodyOf }}
      update={{
        endpoint: workRecordsApi.inspectionRecordUpdate,
        input: (v: Values, r) => ({ ...bodyOf(v), id: r.id }),
      }}
      remove={{ endpoint: workRecordsApi.inspectionRecordDelete, input: (r) => ({ stationId, id: r.id }) }}
      export={{
        endpoint: workRecordsApi.inspectionRecordExport,
        input: (f) => ({ stationId, keyword: f.keyword, from: f.from, to: f.to }),
        fileName: `${t('workRecords.inspection.fileName')}.xlsx`,
        hint: t('workRecords.exportHint'),
      }}
      form={{
        titles: { add: t('workRecords.inspection.add'), edit: t('workRecords.inspection.edit') },
        defaults: () => ({ recordTime: clock.toPicker(Date.now()) }),
        valuesOf: (r) => ({
          name: r.name,
          content: r.content,
          recorder: r.recorder,
          recordTime: clock.toPicker(r.recordTime),
        }),
        fields: (
          <>
            <Form.Item name="name" label={L('name')} rules={[required(L('name'))]}>
              <Input maxLength={RECORD_LIMITS.name} />
            </Form.Item>
            <Form.Item name="content" label={L('content')} rules={[required(L('content'))]}>
              <Input.TextArea rows={4} maxLength={RECORD_LIMITS.content} showCount />
            </Form.Item>
            <Form.Item
              name="recordTime"
              label={clock.withZone(L('recordTime'))}
              rules={[{ required: true, message: t('workRecords.required', { field: L('recordTime') }) }]}
            >
              <DatePicker showTime style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="recorder" label={L('recorder')} rules={[required(L('recorder'))]}>
              <Input maxLength={RECORD_LIMITS.person} />
            </Form.Item>
          </>
        ),
      }}
    />
  );
}
