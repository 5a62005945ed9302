import { type AlarmEffectiveRule, alarmApi } from '@ess/contract';
import { Card, Empty, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudRowsPage } from '@/components/crud';
import { notify } from '@/lib/api/notifier';
import { useLang } from '@/lib/i18n/use-lang';
import { useCurrentStation } from '@/lib/station/current-station';
import { useDeleteStationOverride, useStationRules } from '../api/alarm-definitions';
import { LevelTag } from '../components/alarm-tags';
import { GroupConfigDialog, StationOverrideDialog } from '../components/config-dialogs';
import { definitionUnit, pointName, thresholdText } from '../components/definition-points';

/**
 * Alarm configuration (/system/alarm-configuration): the rules in effect at the current
 * station, each from the group default or the station's override; edit the group default,
 * override at the station, or return the station to the group.
 */
export function AlarmConfigurationPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { stationId, station } = useCurrentStation();
  const { data, isPending, isError } = useStationRules(stationId);
  const [group, setGroup] = useState<AlarmEffectiveRule | null>(null);
  const [override, setOverride] = useState<AlarmEffectiveRule | null>(null);
  const clear = useDeleteStationOverride();

  const columns: ColumnsType<AlarmEffectiveRule> = [
    { key: 'name', title: t('alarm.definition.col.name'), dataIndex: 'name', width: 200, ellipsis: true },
    {
      key: 'target',
      title: t('alarm.definition.col.target'),
      width: 140,
      render: (_, r) => r.deviceName ?? (r.deviceType ? t(`alarm.deviceType.${r.deviceType}`) : '-'),
    },
    {
      key: 'point',
      title: t('alarm.definition.col.point'),
      width: 150,
      ellipsis: true,
      render: (_, r) => pointName(r.deviceType, r.pointCode, lang),
    },
    {
      key: 'threshold',
      title: t('alarm.definition.col.threshold'),
      width: 120,
      render: (_, r) => thresholdText(r, definitionUnit(r)),
    },
    { key: 'level', title: t('alarm.definition.col.level'), width: 80, render: (_, r) => <LevelTag level={r.level} /> },
    {
      key: 'enabled',
      title: t('alarm.definition.col.enabled'),
      width: 80,
      render: (_, r) => (r.enabled ? t('alarm.config.on') : t('alarm.config.off')),
    },
    {
      key: 'source',
      title: t('alarm.config.station'),
      width: 120,
      render: (_, r) =>
        r.override ? (
          <Tag color="processing">{t('alarm.config.overridden')}</Tag>
        ) : (
          <Tag>{t('alarm.config.followsGroup')}</Tag>
        ),
    },
    { key: 'devices', title: t('alarm.config.devices'), width: 80, dataIndex: 'deviceCount' },
  ];

  if (stationId === null) return <Empty description={t('alarm.noStation')} />;
  return (
    <CrudRowsPage<AlarmEffectiveRule, object>
      title={t('alarm.config.title')}
      testId="alarm-config"
      tableTestId="alarm-station-rules"
      rows={data}
      loading={isPending}
      failed={isError && !data}
      listEntries={[alarmApi.alarmStationRules]}
      pageSize={50}
      rowKey="definitionId"
      rowTestKey={(r) => r.definitionId}
      rowName={(r) => r.name}
      columns={columns}
      table={{ scroll: { x: 1240 } }}
      actionsWidth={260}
      frame={(list) => (
        <Card type="inner" title={t('alarm.config.effective', { station: station?.name ?? '' })}>
          {list}
        </Card>
      )}
      rowActions={(r) => [
        {
          key: 'group',
          label: t('alarm.config.editGroup'),
          endpoint: alarmApi.alarmGroupConfigSave,
          testId: `alarm-config-group-${r.definitionId}`,
          onClick: () => setGroup(r),
        },
        {
          key: 'station',
          label: t('alarm.config.editStation'),
          endpoint: alarmApi.alarmStationOverrideSave,
          testId: `alarm-config-station-${r.definitionId}`,
          onClick: () => setOverride(r),
        },
        ...(r.override
          ? [
              {
                key: 'clear',
                label: t('alarm.config.clearOverride'),
                endpoint: alarmApi.alarmStationOverrideDelete,
                confirm: t('alarm.config.clearConfirm'),
                testId: `alarm-config-clear-${r.definitionId}`,
                onClick: () =>
                  clear.mutateAsync({ stationId, definitionId: r.definitionId }).then(
                    () => notify.success(t('alarm.config.saved')),
                    // A refusal has been shown by the client (spec 8).
                    () => undefined,
                  ),
              },
            ]
          : []),
      ]}
      extras={
        <>
          <GroupConfigDialog rule={group} onClose={() => setGroup(null)} />
          <StationOverrideDialog stationId={stationId} rule={override} onClose={() => setOverride(null)} />
        </>
      }
    />
  );
}
