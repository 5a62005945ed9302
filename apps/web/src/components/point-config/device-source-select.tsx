import type { DeviceNode } from '@ess/contract';
import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceTree } from '@/lib/station/device-tree';
import { useVirtualList } from '@/lib/station/virtual-list';

type Node = { value: number | string; title: string; children?: Node[]; selectable?: boolean };

const toNode = (d: DeviceNode): Node => ({
  value: d.id,
  title: `${d.name} · ${d.typeName}`,
  children: d.children.map(toNode),
});

/** The device source of a configuration (spec 5: chosen before its points are loaded). */
export function DeviceSourceSelect({
  stationId,
  value,
  onChange,
}: {
  stationId: number | null;
  value: number | null;
  onChange: (deviceId: number, deviceName: string) => void;
}) {
  const { t } = useTranslation();
  const tree = useDeviceTree(stationId);
  const virtual = useVirtualList(stationId);
  const names = useMemo(() => {
    const m = new Map<number, string>();
    const walk = (ns: DeviceNode[]) => {
      for (const n of ns) {
        m.set(n.id, n.name);
        walk(n.children);
      }
    };
    walk(tree.data ?? []);
    for (const v of virtual.data ?? []) m.set(v.id, v.name);
    return m;
  }, [tree.data, virtual.data]);
  const treeData = useMemo<Node[]>(() => {
    const real = (tree.data ?? []).map(toNode);
    const virt = virtual.data ?? [];
    if (virt.length === 0) return real;
    return [
      {
        value: 'virtual',
        title: t('pointConfig.virtualDevices'),
        selectable: false,
        children: virt.map((v) => ({ value: v.id, title: v.name })),
      },
      ...real,
    ];
  }, [tree.data, virtual.data, t]);
  return (
    <TreeSelect<number>
      data-testid="config-device-source"
      style={{ width: '100%' }}
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeDefaultExpandAll
      loading={tree.isPending || virtual.isPending}
      placeholder={t('pointConfig.deviceSourcePlaceholder')}
      value={value ?? undefined}
      treeData={treeData}
      onChange={(id) => onChange(id, names.get(id) ?? String(id))}
    />
  );
}
