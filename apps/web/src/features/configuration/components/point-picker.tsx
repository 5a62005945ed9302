import { Button, Popover, Select, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { flattenDevices, useDeviceTree } from '@/lib/station/device-tree';
import { useDevicePoints } from '../api/device-points';

/**
 * Picks a real point of the station over its device tree and hands back its formula reference
 * `{SN.code}` (contract formula.ts), for the virtual point's formula.
 */
export function PointPicker({ stationId, onPick }: { stationId: number; onPick: (ref: string) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [deviceId, setDeviceId] = useState<number | null>(null);
  const tree = useDeviceTree(stationId);
  const devices = useMemo(() => flattenDevices(tree.data), [tree.data]);
  const points = useDevicePoints(open ? deviceId : null);
  const device = devices.find((d) => d.id === deviceId);

  const content = (
    <Space direction="vertical" style={{ width: 300 }} data-testid="point-picker">
      <span>{t('stationConfig.virtual.pickHint')}</span>
      <Select<number>
        showSearch
        optionFilterProp="label"
        placeholder={t('stationConfig.offset.device')}
        value={deviceId ?? undefined}
        onChange={setDeviceId}
        options={devices.map((d) => ({ value: d.id, label: `${d.name} (${d.sn})` }))}
        data-testid="point-picker-device"
      />
      <Select<string>
        showSearch
        optionFilterProp="label"
        placeholder={t('stationConfig.offset.point')}
        disabled={!device}
        loading={points.isFetching}
        value={null}
        onChange={(code) => {
          if (!device) return;
          onPick(`{${device.sn}.${code}}`);
          setOpen(false);
        }}
        options={(points.data ?? [])
          .filter((p) => p.kind === 'telemetry' || p.kind === 'status')
          .map((p) => ({ value: p.code, label: `${p.name} (${p.code})` }))}
        data-testid="point-picker-point"
      />
    </Space>
  );
  return (
    <Popover open={open} onOpenChange={setOpen} trigger="click" content={content}>
      <Button size="small" data-testid="point-picker-open">
        {t('stationConfig.virtual.pick')}
      </Button>
    </Popover>
  );
}
