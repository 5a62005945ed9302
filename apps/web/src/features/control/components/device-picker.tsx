import type { DeviceNode, DeviceType } from '@ess/contract';
import { Select, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { flattenDevices, useDeviceTree } from '@/lib/station/device-tree';

type Props = {
  stationId: number | null;
  value: number | null;
  onChange: (device: DeviceNode | null) => void;
};

/** A real device of the station (virtual ones take no commands), narrowed by type. */
export function DevicePicker({ stationId, value, onChange }: Props) {
  const { t } = useTranslation();
  const tree = useDeviceTree(stationId);
  const [type, setType] = useState<DeviceType | null>(null);
  const devices = useMemo(() => flattenDevices(tree.data).filter((d) => d.type !== 'virtual'), [tree.data]);
  const types = useMemo(
    () => [...new Map(devices.map((d) => [d.type, d.typeName])).entries()].map(([v, label]) => ({ value: v, label })),
    [devices],
  );
  const shown = type === null ? devices : devices.filter((d) => d.type === type);
  return (
    <Space wrap>
      <Select<DeviceType | null>
        style={{ width: 180 }}
        value={type}
        onChange={(next) => setType(next)}
        options={[{ value: null, label: t('remoteControl.allTypes') }, ...types]}
        aria-label={t('remoteControl.deviceType')}
        data-testid="device-type"
      />
      <Select<number>
        style={{ width: 300 }}
        showSearch
        optionFilterProp="label"
        loading={tree.isPending && stationId !== null}
        placeholder={t('remoteControl.chooseDevice')}
        value={value ?? undefined}
        onChange={(id) => onChange(devices.find((d) => d.id === id) ?? null)}
        options={shown.map((d) => ({ value: d.id, label: `${d.name} (${d.sn})` }))}
        aria-label={t('remoteControl.device')}
        data-testid="device-select"
      />
    </Space>
  );
}
