import { type MeterConfig, requestMessages } from '@ess/contract';
import { Card, Empty, Select, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/api/notifier';
import { serverText } from '@/lib/i18n/server-text';
import { useCurrentStation } from '@/lib/station/current-station';
import { useMeterConfig } from '@/lib/station/meter-config';
import { useUpdateMeterConfig } from '../api/meter-config';
import { MeterConnectionTable } from './meter-connection-table';

type RoleRow = MeterConfig['roles'][number];

/**
 * Electricity meter configuration of the current station (spec 7 `xinFengMing`): which meter is
 * the gateway, storage, PV and load meter (changing a role's meter saves at once), and how each
 * meter is connected (nominal voltage, PT and CT ratios).
 */
export function MeterConfigCard() {
  const { t } = useTranslation();
  const { stationId, station } = useCurrentStation();
  const config = useMeterConfig(stationId);
  const update = useUpdateMeterConfig();

  if (stationId === null) return <Empty description={t('stationConfig.noStation')} />;
  const meters = config.data?.meters ?? [];
  const columns: ColumnsType<RoleRow> = [
    { key: 'role', title: t('stationConfig.meter.role'), dataIndex: 'roleName', width: 180 },
    {
      key: 'meter',
      title: t('stationConfig.meter.meter'),
      render: (_, r) => (
        <Select<number | null>
          style={{ width: 320 }}
          value={r.deviceId}
          allowClear
          placeholder={t('stationConfig.meter.none')}
          data-testid={`meter-role-${r.role}`}
          options={meters.map((m) => ({ value: m.deviceId, label: `${m.name} (${m.sn})` }))}
          onChange={(deviceId) =>
            update
              .mutateAsync({ stationId, role: r.role, deviceId: deviceId ?? null })
              .then(() => notify.success(serverText(requestMessages.ok)))
              .catch(() => undefined)
          }
        />
      ),
    },
  ];
  return (
    <Card title={`${t('stationConfig.meter.title')} · ${station?.name ?? ''}`} data-testid="meter-config-card">
      <Table<RoleRow>
        rowKey="role"
        size="small"
        pagination={false}
        loading={config.isPending}
        columns={columns}
        dataSource={config.data?.roles ?? []}
      />
      <h4>{t('stationConfig.meter.connections')}</h4>
      <MeterConnectionTable stationId={stationId} config={config.data} />
    </Card>
  );
}
