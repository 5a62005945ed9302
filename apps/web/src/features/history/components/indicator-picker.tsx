import { type CurveItem, type DeviceNode, MAX_INDICATORS } from '@ess/contract';
import { Button, Empty, Input, Skeleton, Tag, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { type Key, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/api/notifier';
import { useDeviceTree } from '@/lib/station/device-tree';
import { useQueryPoint } from '@/lib/station/query-point';
import { useVirtualList } from '@/lib/station/virtual-list';
import { indicatorKey, nextSelection } from '../hooks/indicators';
import styles from './history.module.css';

type Col = { col: string; colName: string; unit: string | null; kind: string };
type DeviceLite = { id: number; name: string; status?: string; children: DeviceLite[] };

const lite = (d: DeviceNode): DeviceLite => ({
  id: d.id,
  name: d.name,
  status: d.status,
  children: d.children.map(lite),
});

/**
 * The station's devices (virtual first, then the real tree) with their points as checkable
 * leaves; at most 50 indicators (spec 9), with a warning when a tick would pass the limit.
 * Control points have no history and are left out.
 */
export function IndicatorPicker({
  stationId,
  items,
  onChange,
  height,
}: {
  stationId: number;
  items: readonly CurveItem[];
  onChange: (items: CurveItem[]) => void;
  height: number;
}) {
  const { t } = useTranslation();
  const tree = useDeviceTree(stationId);
  const virtual = useVirtualList(stationId);
  const points = useQueryPoint(stationId, null, 0);
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<Key[] | null>(null);

  const colsBy = useMemo(() => {
    const m = new Map<number, Col[]>();
    for (const d of points.data ?? [])
      m.set(
        d.srcId,
        d.deviceTypeColList.filter((c) => c.kind !== 'control'),
      );
    return m;
  }, [points.data]);

  const checked = useMemo(() => items.map(indicatorKey), [items]);
  const { treeData, matchKeys, holdingKeys } = useMemo(() => {
    const q = search.trim().toLowerCase();
    const chosen = new Set(checked);
    const keys: string[] = [];
    const holding: string[] = [];
    const leaves = (d: DeviceLite): DataNode[] =>
      (colsBy.get(d.id) ?? [])
        .filter((c) => !q || `${d.name} ${c.colName} ${c.col}`.toLowerCase().includes(q))
        .map((c) => ({
          key: indicatorKey({ deviceId: d.id, code: c.col }),
          isLeaf: true,
          title: (
            <span>
              {c.colName} <span className={styles.code}>{c.unit ?? ''}</span>
            </span>
          ),
        }));
    const node = (d: DeviceLite): DataNode | null => {
      const kids = [...d.children.map(node).filter((n): n is DataNode => n !== null), ...leaves(d)];
      if (q && kids.length === 0) return null;
      const key = `device:${d.id}`;
      keys.push(key);
      if (kids.some((k) => chosen.has(String(k.key)) || holding.includes(String(k.key)))) holding.push(key);
      return {
        key,
        checkable: false,
        selectable: false,
        title: (
          <span className={styles.deviceNode}>
            {d.name}
            {d.status === 'offline' ? <Tag className={styles.offlineTag}>{t('history.offline')}</Tag> : null}
          </span>
        ),
        children: kids,
      };
    };
    const virt: DeviceLite[] = (virtual.data ?? []).map((v) => ({ id: v.id, name: v.name, children: [] }));
    const roots = [...virt, ...(tree.data ?? []).map(lite)].map(node).filter((n): n is DataNode => n !== null);
    return { treeData: roots, matchKeys: keys, holdingKeys: holding };
  }, [colsBy, tree.data, virtual.data, search, t, checked]);

  if (tree.isPending || virtual.isPending || points.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (treeData.length === 0 && !search) return <Empty description={t('history.picker.empty')} />;

  // While searching, every matching branch is open; otherwise the user's choice, at first the top
  // level and the devices holding chosen indicators.
  const shownExpanded = search.trim()
    ? matchKeys
    : (expanded ?? [...new Set([...treeData.map((n) => n.key), ...holdingKeys])]);
  return (
    <div className={styles.picker} data-testid="history-picker">
      <div className={styles.pickerHead}>
        <Typography.Text strong>{t('history.picker.title')}</Typography.Text>
        <span>
          <Tag color={items.length >= MAX_INDICATORS ? 'orange' : 'blue'} data-testid="history-count">
            {t('history.picker.selected', { count: items.length, max: MAX_INDICATORS })}
          </Tag>
          <Button size="small" type="link" disabled={items.length === 0} onClick={() => onChange([])}>
            {t('history.picker.clear')}
          </Button>
        </span>
      </div>
      <Input.Search
        allowClear
        placeholder={t('history.picker.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <Tree
        checkable
        checkStrictly
        selectable={false}
        blockNode
        height={height}
        treeData={treeData}
        expandedKeys={shownExpanded}
        onExpand={(keys) => setExpanded(keys)}
        checkedKeys={checked}
        onCheck={(keys) => {
          const list = (Array.isArray(keys) ? keys : keys.checked).map(String).filter((k) => !k.startsWith('device:'));
          // Keep ticks hidden by the search: the tree only reports the visible ones.
          const hidden = search.trim() ? checked.filter((k) => !treeHas(treeData, k)) : [];
          const next = nextSelection(items, [...hidden, ...list]);
          if (next.over) notify.warning(t('history.limit', { max: MAX_INDICATORS }));
          else onChange(next.items);
        }}
      />
    </div>
  );
}

function treeHas(nodes: readonly DataNode[], key: string): boolean {
  return nodes.some((n) => n.key === key || treeHas(n.children ?? [], key));
}
