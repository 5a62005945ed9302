import { RECORD_LIMITS, type RepairRecordRow, type StoredFile, workRecordsApi } from '@ess/contract';
import { DatePicker, Empty, Form, Input } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '@/components/crud';
import { FilePictures, FileUpload } from '@/components/file-upload';
import { useCurrentStation } from '@/lib/station/current-station';
import { useStationTime } from '@/lib/station/station-time';
import { type RecordFilterValues, recordFilters } from '../api/record-filters';

type Values = {
  repairman: string;
  location: string;
  content: string;
  repairTime: Dayjs;
  remark?: string;
  pictures?: StoredFile[];
};
type Label = 'repairman' | 'location' | 'content' | 'repairTime' | 'remark' | 'pictures' | 'order';

/**
 * Repair records (/operational-inspection/repair-records): the current station's repairs
 * (spec 3: repairman, location, content, time, remark, pictures), with the pictures uploaded
 * to the file store and shown in one preview group; a finished repair order writes its own.
 */
export function RepairRecordPage() {
  const { t } = useTranslation();
  const { stationId, station } = useCurrentStation();
  const clock = useStationTime();
  if (stationId === null) return <Empty description={t('workRecords.noStation')} />;
  const L = (k: Label) => t(`workRecords.repair.${k}`);
  const required = (field: string) => ({
    required: true,
    whitespace: true,
    message: t('workRecords.required', { field }),
  });
  const bodyOf = (v: Values) => ({
    stationId,
    repairman: v.repairman,
    location: v.location,
    content: v.content,
    remark: v.remark ?? '',
    repairTime: clock.fromPicker(v.repairTime),
    pictureIds: (v.pictures ?? []).map((p) => p.id),
  });
  return (
    <CrudPage
      title={`${t('workRecords.repair.title')} · ${station?.name ?? ''}`}
      testId="repair-record"
      list={workRecordsApi.repairRecordPage}
      fixed={{ stationId }}
      toFilters={(v: Partial<RecordFilterValues>) => recordFilters(stationId, clock, v)}
      rowTestKey={(r: RepairRecordRow) => r.id}
      rowName={(r) => `${r.repairman} · ${r.location}`}
      actionsWidth={150}
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
        { key: 'repairman', title: L('repairman'), dataIndex: 'repairman', sorter: true },
        { key: 'location', title: L('location'), dataIndex: 'location', sorter: true },
        { key: 'content', title: L('content'), dataIndex: 'content', ellipsis: true },
        {
          key: 'repairTime',
          title: clock.withZone(L('repairTime')),
          sorter: true,
          render: (_, r) => clock.dateTime(r.repairTime),
        },
        { key: 'remark', title: L('remark'), dataIndex: 'remark', ellipsis: true },
        { key: 'pictures', title: L('pictures'), render: (_, r) => <FilePictures files={r.pictures} size={40} /> },
      ]}
      add={{ endpoint: workRecordsApi.repairRecordAdd, input: bodyOf }}
      update={{ endpoint: workRecordsApi.repairRecordUpdate, input: (v: Values, r) => ({ ...bodyOf(v), id: r.id }) }}
      remove={{ endpoint: workRecordsApi.repairRecordDelete, input: (r) => ({ stationId, id: r.id }) }}
      export={{
        endpoint: workRecordsApi.repairRecordExport,
        input: (f) => ({ stationId, keyword: f.keyword, from: f.from, to: f.to }),
        fileName: `${t('workRecords.repair.fileName')}.xlsx`,
        hint: t('workRecords.exportHint'),
      }}
      detail={{
        title: (r) => `${r.repairman} · ${r.location}`,
        items: (r) => [
          { key: 'repairman', label: L('repairman'), value: r.repairman },
          { key: 'location', label: L('location'), value: r.location },
          { key: 'repairTime', label: clock.withZone(L('repairTime')), value: clock.dateTime(r.repairTime) },
          { key: 'content', label: L('content'), value: r.content },
          { key: 'remark', label: L('remark'), value: r.remark || '-' },
          { key: 'order', label: L('order'), value: r.orderId ?? '-' },
          { key: 'pictures', label: L('pictures'), value: <FilePictures files={r.pictures} size={96} /> },
        ],
      }}
      form={{
        titles: { add: t('workRecords.repair.add'), edit: t('workRecords.repair.edit') },
        width: 640,
        defaults: () => ({ repairTime: clock.toPicker(Date.now()), pictures: [] }),
        valuesOf: (r) => ({
          repairman: r.repairman,
          location: r.location,
          content: r.content,
          remark: r.remark,
          repairTime: clock.toPicker(r.repairTime),
          pictures: r.pictures,
        }),
        fields: (
          <>
            <Form.Item name="repairman" label={L('repairman')} rules={[required(L('repairman'))]}>
              <Input maxLength={RECORD_LIMITS.person} />
            </Form.Item>
            <Form.Item name="location" label={L('location')} rules={[required(L('location'))]}>
              <Input maxLength={RECORD_LIMITS.location} />
            </Form.Item>
            <Form.Item name="content" label={L('content')} rules={[required(L('content'))]}>
              <Input.TextArea rows={3} maxLength={RECORD_LIMITS.content} showCount />
            </Form.Item>
            <Form.Item
              name="repairTime"
              label={clock.withZone(L('repairTime'))}
              rules={[{ required: true, message: t('workRecords.required', { field: L('repairTime') }) }]}
            >
              <DatePicker showTime style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="remark" label={L('remark')}>
              <Input.TextArea rows={2} maxLength={RECORD_LIMITS.remark} />
            </Form.Item>
            <Form.Item name="pictures" label={L('pictures')}>
              <FileUpload purpose="picture" stationId={stationId} testId="repair-record-pictures" />
            </Form.Item>
          </>
        ),
      }}
    />
  );
}
