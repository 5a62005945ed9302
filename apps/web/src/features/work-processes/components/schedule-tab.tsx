import { type scheduleRow, type scheduleSaveBody, WORKORDER_LIMITS, workorderApi } from '@ess/contract';
import { Col, Form, Input, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CrudPage, EnabledSwitch, useEndpointMutation } from '@/components/crud';
import { StationPicker } from '@/components/station-picker';
import { labelledInstant, useStationsClock } from '@/lib/format/platform-time';
import { useTemplateChoices } from '../api/process-options';
import { CronPreview, useCronRule } from './cron-preview';
import { useOrderTypeName } from './order-type-name';

type Values = Omit<z.infer<typeof scheduleSaveBody>, 'id'>;
type ScheduleRow = z.infer<typeof scheduleRow>;
const SCHEDULED_TYPES = [2, 3] as const;

const bodyOf = (v: Values): Values => ({
  stationId: v.stationId,
  orderType: v.orderType,
  cron: v.cron.trim(),
  templateId: v.templateId,
  title: v.title,
  enabled: v.enabled,
});

/** The enabled templates of the kind of order the form has chosen. */
function TemplateOfType({ value, onChange }: { value?: number; onChange?: (id: number) => void }) {
  const orderType: 2 | 3 | undefined = Form.useWatch('orderType', Form.useFormInstance());
  const templates = useTemplateChoices(orderType ? [orderType] : SCHEDULED_TYPES);
  return (
    <Select
      showSearch
      optionFilterProp="label"
      options={templates}
      value={value}
      onChange={onChange}
      data-testid="schedule-template"
    />
  );
}

/** Inspections and cleanings a station gets on a cron, on the station's clock. */
export function ScheduleTab() {
  const { t } = useTranslation();
  const typeName = useOrderTypeName();
  const clockFor = useStationsClock();
  const cronRule = useCronRule();
  const save = useEndpointMutation(workorderApi.workorderScheduleSave, {
    invalidate: [workorderApi.workorderSchedulePage],
  });
  // Run times are the station's (each row may be another zone): the time carries its zone.
  const at = (r: ScheduleRow, ms: number | null) => labelledInstant(clockFor([r.stationId]), ms);
  return (
    <CrudPage
      title={t('workProcesses.schedule.tab')}
      testId="schedule"
      bare
      list={workorderApi.workorderSchedulePage}
      rowTestKey={(r) => r.id}
      rowName={(r) => r.title}
      filters={
        <Form.Item name="stationId">
          <StationPicker placeholder={t('workProcesses.rule.station')} testId="schedule-filter-station" />
        </Form.Item>
      }
      columns={[
        { key: 'stationId', title: t('workProcesses.rule.station'), dataIndex: 'stationName', sorter: true },
        { key: 'orderType', title: t('workProcesses.template.type'), render: (_, r) => typeName(r.orderType) },
        { key: 'title', title: t('workProcesses.schedule.orderTitle'), dataIndex: 'title', ellipsis: true },
        { key: 'cron', title: t('workProcesses.schedule.cron'), render: (_, r) => <code>{r.cron}</code> },
        { key: 'template', title: t('workProcesses.rule.template'), dataIndex: 'templateName' },
        {
          key: 'nextRunAt',
          title: t('workProcesses.schedule.nextRunAt'),
          dataIndex: 'nextRunAt',
          sorter: true,
          render: (_, r) => at(r, r.nextRunAt),
        },
        { key: 'lastRunAt', title: t('workProcesses.schedule.lastRunAt'), render: (_, r) => at(r, r.lastRunAt) },
        {
          key: 'enabled',
          title: t('crud.status'),
          width: 100,
          render: (_, r) => (
            <EnabledSwitch
              checked={r.enabled}
              endpoint={workorderApi.workorderScheduleSave}
              testId={`schedule-enabled-${r.id}`}
              onChange={(enabled) => save.mutate({ id: r.id, ...bodyOf({ ...r, enabled }) })}
            />
          ),
        },
      ]}
      add={{ endpoint: workorderApi.workorderScheduleSave, input: bodyOf }}
      update={{ endpoint: workorderApi.workorderScheduleSave, input: (v, r) => ({ id: r.id, ...bodyOf(v) }) }}
      remove={{ endpoint: workorderApi.workorderScheduleDelete, input: (r) => ({ id: r.id, stationId: r.stationId }) }}
      form={{
        titles: { add: t('workProcesses.schedule.addTitle'), edit: t('workProcesses.schedule.editTitle') },
        width: 640,
        defaults: { orderType: 2, enabled: true },
        valuesOf: bodyOf,
        fields: (
          <Row gutter={12}>
            <Col span={12}>
              <Form.Item
                name="stationId"
                label={t('workProcesses.rule.station')}
                rules={[{ required: true, message: t('workProcesses.rule.stationRequired') }]}
              >
                <StationPicker width="100%" testId="schedule-station" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="orderType" label={t('workProcesses.template.type')} rules={[{ required: true }]}>
                <Select options={SCHEDULED_TYPES.map((v) => ({ value: v, label: typeName(v) }))} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item
                name="title"
                label={t('workProcesses.schedule.orderTitle')}
                rules={[{ required: true, whitespace: true, message: t('workProcesses.schedule.titleRequired') }]}
              >
                <Input maxLength={WORKORDER_LIMITS.title} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="cron"
                label={t('workProcesses.schedule.cron')}
                extra={t('workProcesses.schedule.cronHelp')}
                rules={[
                  { required: true, whitespace: true, message: t('workProcesses.schedule.cronRequired') },
                  cronRule,
                ]}
              >
                <Input
                  maxLength={WORKORDER_LIMITS.cron}
                  style={{ fontFamily: 'monospace' }}
                  data-testid="schedule-cron"
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <CronPreview />
            </Col>
            <Col span={12}>
              <Form.Item
                name="templateId"
                label={t('workProcesses.rule.template')}
                rules={[{ required: true, message: t('workProcesses.rule.templateRequired') }]}
              >
                <TemplateOfType />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="enabled" label={t('crud.status')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
          </Row>
        ),
      }}
    />
  );
}
