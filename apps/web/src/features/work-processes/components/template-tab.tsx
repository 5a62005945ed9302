import { ORDER_TYPES, type TemplateAddBody, type TemplateRow, WORKORDER_LIMITS, workorderApi } from '@ess/contract';
import { AutoComplete, Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage, EnabledSwitch, useEndpointMutation } from '@/components/crud';
import { instantText, usePlatformTime } from '@/lib/format/platform-time';
import { type Choice, useExecutorChoices, useProcessKeys } from '../api/process-options';
import { TEMPLATE_WRITE_INVALIDATES } from '../api/process-writes';
import { FormFieldsEditor } from './form-fields-editor';
import { useOrderTypeName } from './order-type-name';

const valuesOf = (r: TemplateRow): TemplateAddBody => ({
  name: r.name,
  orderType: r.orderType,
  definitionKey: r.definitionKey,
  executorPostIds: r.executorPostIds,
  executorUserIds: r.executorUserIds,
  slaHours: r.slaHours,
  formFields: r.formFields,
  enabled: r.enabled,
});

/** Names of the chosen ids where known (the caller may not read every list), else the ids. */
const namesOf = (ids: readonly number[], choices: Choice[]) =>
  ids.map((id) => choices.find((c) => c.value === id)?.label ?? `#${id}`);

/** Order templates: kind of order → process, default executors, time limit, extra form fields. */
export function TemplateTab() {
  const { t } = useTranslation();
  const clock = usePlatformTime();
  const typeName = useOrderTypeName();
  const executors = useExecutorChoices();
  const processKeys = useProcessKeys();
  const update = useEndpointMutation(workorderApi.workorderTemplateUpdate, { invalidate: TEMPLATE_WRITE_INVALIDATES });
  const typeOptions = ORDER_TYPES.map((v) => ({ value: v, label: typeName(v) }));

  return (
    <CrudPage
      title={t('workProcesses.template.tab')}
      testId="template"
      bare
      list={workorderApi.workorderTemplatePage}
      rowTestKey={(r) => r.id}
      rowName={(r) => r.name}
      invalidate={TEMPLATE_WRITE_INVALIDATES}
      filters={
        <>
          <Form.Item name="keyword">
            <Input allowClear placeholder={t('workProcesses.template.keyword')} style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="orderType">
            <Select
              allowClear
              placeholder={t('workProcesses.template.type')}
              style={{ width: 140 }}
              options={typeOptions}
            />
          </Form.Item>
        </>
      }
      columns={[
        { key: 'name', title: t('workProcesses.template.name'), dataIndex: 'name', sorter: true },
        {
          key: 'orderType',
          title: t('workProcesses.template.type'),
          dataIndex: 'orderType',
          sorter: true,
          render: (_, r) => typeName(r.orderType),
        },
        {
          key: 'definition',
          title: t('workProcesses.template.definition'),
          render: (_, r) => (r.definitionName ? `${r.definitionKey} · ${r.definitionName}` : r.definitionKey),
        },
        {
          key: 'executors',
          title: t('workProcesses.template.executors'),
          ellipsis: true,
          render: (_, r) =>
            [...namesOf(r.executorPostIds, executors.posts), ...namesOf(r.executorUserIds, executors.users)].join(
              ', ',
            ) || '-',
        },
        {
          key: 'sla',
          title: t('workProcesses.template.sla'),
          render: (_, r) =>
            r.slaHours === null
              ? t('workProcesses.template.noSla')
              : t('workProcesses.template.hours', { count: r.slaHours }),
        },
        {
          key: 'fields',
          title: t('workProcesses.template.formFields'),
          render: (_, r) => t('workProcesses.template.fieldCount', { count: r.formFields.length }),
        },
        {
          key: 'enabled',
          title: t('crud.status'),
          width: 100,
          render: (_, r) => (
            <EnabledSwitch
              checked={r.enabled}
              endpoint={workorderApi.workorderTemplateUpdate}
              testId={`template-enabled-${r.id}`}
              onChange={(enabled) => update.mutate({ ...valuesOf(r), id: r.id, enabled })}
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
      add={{ endpoint: workorderApi.workorderTemplateAdd, input: (v: TemplateAddBody) => v }}
      update={{ endpoint: workorderApi.workorderTemplateUpdate, input: (v, r) => ({ ...v, id: r.id }) }}
      remove={{ endpoint: workorderApi.workorderTemplateDelete, input: (r) => ({ id: r.id }) }}
      form={{
        titles: { add: t('workProcesses.template.addTitle'), edit: t('workProcesses.template.editTitle') },
        width: 860,
        defaults: {
          orderType: 1,
          executorPostIds: [],
          executorUserIds: [],
          slaHours: null,
          formFields: [],
          enabled: true,
        },
        valuesOf,
        fields: (
          <Row gutter={12}>
            <Col span={12}>
              <Form.Item
                name="name"
                label={t('workProcesses.template.name')}
                rules={[{ required: true, whitespace: true, message: t('workProcesses.template.nameRequired') }]}
              >
                <Input maxLength={50} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="orderType"
                label={t('workProcesses.template.type')}
                rules={[{ required: true, message: t('workProcesses.template.typeRequired') }]}
              >
                <Select options={typeOptions} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="definitionKey"
                label={t('workProcesses.template.definition')}
                rules={[{ required: true, whitespace: true, message: t('workProcesses.template.definitionRequired') }]}
              >
                <AutoComplete options={processKeys} maxLength={64} filterOption />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="slaHours"
                label={t('workProcesses.template.sla')}
                extra={t('workProcesses.template.slaHint')}
              >
                <InputNumber min={1} max={WORKORDER_LIMITS.slaHours} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="executorPostIds" label={t('workProcesses.template.executorPosts')}>
                <Select mode="multiple" allowClear optionFilterProp="label" options={executors.posts} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="executorUserIds" label={t('workProcesses.template.executorUsers')}>
                <Select mode="multiple" allowClear optionFilterProp="label" options={executors.users} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item label={t('workProcesses.template.formFields')}>
                <FormFieldsEditor />
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
