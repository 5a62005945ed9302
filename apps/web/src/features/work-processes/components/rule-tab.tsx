import { ALARM_LEVELS, type ruleRow, type ruleSaveBody, workorderApi } from '@ess/contract';
import { Col, Form, Row, Select, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CrudPage, EnabledSwitch, useEndpointMutation } from '@/components/crud';
import { StationPicker } from '@/components/station-picker';
import { instantText, usePlatformTime } from '@/lib/format/platform-time';
import { useTemplateChoices } from '../api/process-options';

type Values = Omit<z.infer<typeof ruleSaveBody>, 'id'>;
type RuleRow = z.infer<typeof ruleRow>;

/** The fixed body of `rule/save` (issue 23): exactly these four fields, plus the id on an edit. */
const bodyOf = (v: Values): Values => ({
  stationId: v.stationId,
  minLevel: v.minLevel,
  templateId: v.templateId,
  enabled: v.enabled,
});

/** Per station: alarms of a level or more severe open one fault-repair order each. */
export function RuleTab() {
  const { t } = useTranslation();
  const clock = usePlatformTime();
  const templates = useTemplateChoices([1]);
  const save = useEndpointMutation(workorderApi.workorderRuleSave, { invalidate: [workorderApi.workorderRulePage] });
  const levelText = (l: number) => t('workProcesses.rule.andAbove', { level: t(`alarm.level.l${l as 1 | 2 | 3 | 4}`) });
  return (
    <CrudPage
      title={t('workProcesses.rule.tab')}
      testId="rule"
      bare
      list={workorderApi.workorderRulePage}
      rowTestKey={(r) => r.id}
      rowName={(r) => `${r.stationName} · ${r.templateName}`}
      filters={
        <Form.Item name="stationId">
          <StationPicker placeholder={t('workProcesses.rule.station')} testId="rule-filter-station" />
        </Form.Item>
      }
      columns={[
        { key: 'stationId', title: t('workProcesses.rule.station'), dataIndex: 'stationName', sorter: true },
        {
          key: 'minLevel',
          title: t('workProcesses.rule.minLevel'),
          render: (_, r: RuleRow) => <Tag>{levelText(r.minLevel)}</Tag>,
        },
        { key: 'template', title: t('workProcesses.rule.template'), dataIndex: 'templateName' },
        {
          key: 'enabled',
          title: t('crud.status'),
          width: 100,
          render: (_, r) => (
            <EnabledSwitch
              checked={r.enabled}
              endpoint={workorderApi.workorderRuleSave}
              testId={`rule-enabled-${r.id}`}
              onChange={(enabled) => save.mutate({ id: r.id, ...bodyOf({ ...r, enabled }) })}
            />
          ),
        },
        {
          key: 'updatedAt',
          title: clock.withZone(t('crud.updateTime')),
          dataIndex: 'updatedAt',
          sorter: true,
          render: (v: number) => instantText(clock, v),
        },
      ]}
      add={{ endpoint: workorderApi.workorderRuleSave, input: bodyOf }}
      update={{ endpoint: workorderApi.workorderRuleSave, input: (v, r) => ({ id: r.id, ...bodyOf(v) }) }}
      remove={{ endpoint: workorderApi.workorderRuleDelete, input: (r) => ({ id: r.id, stationId: r.stationId }) }}
      form={{
        titles: { add: t('workProcesses.rule.addTitle'), edit: t('workProcesses.rule.editTitle') },
        width: 560,
        defaults: { minLevel: 1, enabled: true },
        valuesOf: bodyOf,
        fields: (
          <Row gutter={12}>
            <Col span={24}>
              <Form.Item
                name="stationId"
                label={t('workProcesses.rule.station')}
                rules={[{ required: true, message: t('workProcesses.rule.stationRequired') }]}
              >
                <StationPicker width="100%" testId="rule-station" />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item
                name="minLevel"
                label={t('workProcesses.rule.minLevel')}
                extra={t('workProcesses.rule.minLevelHint')}
                rules={[{ required: true, message: t('workProcesses.rule.levelRequired') }]}
              >
                <Select options={ALARM_LEVELS.map((l) => ({ value: l, label: levelText(l) }))} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item
                name="templateId"
                label={t('workProcesses.rule.template')}
                rules={[{ required: true, message: t('workProcesses.rule.templateRequired') }]}
              >
                <Select showSearch optionFilterProp="label" options={templates} data-testid="rule-template" />
              </Form.Item>
            </Col>
            <Col span={24}>
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
