import { type AlarmDefinition, alarmApi, DEVICE_TYPES, endpointPerms } from '@ess/contract';
import { Form, Input, Select, Switch } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '@/components/crud';
import { notify } from '@/lib/api/notifier';
import { useLang } from '@/lib/i18n/use-lang';
import { usePermission } from '@/lib/session/permission';
import { useCurrentStation } from '@/lib/station/current-station';
import { DEFINITION_WRITES, useSaveDefinition } from '../api/alarm-definitions';
import { LevelTag } from '../components/alarm-tags';
import { DefinitionForm } from '../components/definition-form';
import { definitionUnit, pointName, quantityText, thresholdText } from '../components/definition-points';

/**
 * Alarm definitions (/alarm/alarm-definition): list with text and device-type filters; add,
 * edit, delete and enable for holders of the matching buttons.
 */
export function AlarmDefinitionPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { stationId } = useCurrentStation();
  const save = useSaveDefinition();
  const canEdit = usePermission()(endpointPerms(alarmApi.alarmDefinitionUpdate) ?? []);

  const setEnabled = (d: AlarmDefinition, enabled: boolean) => {
    const { id, name, deviceId, deviceType: type, pointCode, condition, threshold, threshold2 } = d;
    save.mutate({
      id,
      name,
      deviceId,
      deviceType: type,
      pointCode,
      condition,
      threshold,
      threshold2,
      holdSeconds: d.holdSeconds,
      deadband: d.deadband,
      level: d.level,
      content: d.content,
      enabled,
    });
  };

  const columns: ColumnsType<AlarmDefinition> = [
    { key: 'name', title: t('alarm.definition.col.name'), dataIndex: 'name', width: 190, ellipsis: true },
    {
      key: 'target',
      title: t('alarm.definition.col.target'),
      width: 140,
      render: (_, d) => d.deviceName ?? (d.deviceType ? t(`alarm.deviceType.${d.deviceType}`) : '-'),
    },
    {
      key: 'point',
      title: t('alarm.definition.col.point'),
      width: 150,
      ellipsis: true,
      render: (_, d) => pointName(d.deviceType, d.pointCode, lang),
    },
    {
      key: 'condition',
      title: t('alarm.definition.col.condition'),
      width: 130,
      render: (_, d) => t(`alarm.condition.${d.condition}`),
    },
    {
      key: 'threshold',
      title: t('alarm.definition.col.threshold'),
      width: 120,
      render: (_, d) => thresholdText(d, definitionUnit(d)),
    },
    {
      key: 'hold',
      title: t('alarm.definition.col.holdSeconds'),
      width: 80,
      render: (_, d) => quantityText(d.holdSeconds, 's'),
    },
    {
      key: 'deadband',
      title: t('alarm.definition.col.deadband'),
      width: 90,
      render: (_, d) => quantityText(d.deadband, definitionUnit(d)),
    },
    { key: 'level', title: t('alarm.definition.col.level'), width: 80, render: (_, d) => <LevelTag level={d.level} /> },
    { key: 'content', title: t('alarm.definition.col.content'), width: 240, ellipsis: true, dataIndex: 'content' },
    {
      key: 'enabled',
      title: t('alarm.definition.col.enabled'),
      width: 80,
      render: (_, d) => (
        <Switch
          size="small"
          checked={d.enabled}
          disabled={!canEdit}
          loading={
            save.isPending && save.variables !== undefined && 'id' in save.variables && save.variables.id === d.id
          }
          onChange={(on) => setEnabled(d, on)}
          data-testid={`alarm-definition-enabled-${d.id}`}
        />
      ),
    },
  ];

  return (
    <CrudPage
      title={t('alarm.definition.title')}
      testId="alarm-definition"
      tableTestId="alarm-definitions"
      list={alarmApi.alarmDefinitionPage}
      pageSize={20}
      rowTestKey={(d) => d.id}
      rowName={(d) => d.name}
      invalidate={DEFINITION_WRITES}
      actionsWidth={130}
      table={{ scroll: { x: 1500 } }}
      filters={
        <>
          <Form.Item name="keyword">
            <Input allowClear placeholder={t('alarm.definition.search')} style={{ width: 260 }} />
          </Form.Item>
          <Form.Item name="deviceType">
            <Select
              allowClear
              placeholder={t('alarm.definition.allTypes')}
              options={DEVICE_TYPES.map((d) => ({ value: d, label: t(`alarm.deviceType.${d}`) }))}
              style={{ width: 180 }}
            />
          </Form.Item>
        </>
      }
      columns={columns}
      // The dialog saves through its own hook (device points, rules); the calls give the links' permissions.
      add={{ endpoint: alarmApi.alarmDefinitionAdd, label: t('alarm.definition.add') }}
      update={{ endpoint: alarmApi.alarmDefinitionUpdate }}
      remove={{
        endpoint: alarmApi.alarmDefinitionDelete,
        input: (d) => ({ ids: [d.id] }),
        confirm: (d) => t('alarm.definition.deleteConfirm', { name: d.name }),
        done: () => notify.success(t('alarm.definition.deleted')),
      }}
      form={{
        modal: (p) => <DefinitionForm open={p.open} editing={p.row} stationId={stationId} onClose={p.onClose} />,
      }}
    />
  );
}
