import type { QueryPointItem } from '@ess/contract';
import { Checkbox, Empty, Input, Radio, Skeleton, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './point-config.module.css';

export type DeviceTypeCol = QueryPointItem['deviceTypeColList'][number];

/** The points of the chosen device source, to tick (or, in single mode, to pick one of). */
export function PointPicker({
  cols,
  loading,
  hasSource,
  single,
  checked,
  onChange,
}: {
  cols: readonly DeviceTypeCol[];
  loading: boolean;
  hasSource: boolean;
  single: boolean;
  checked: readonly number[];
  onChange: (flgIds: number[]) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return q ? cols.filter((c) => c.colName.toLowerCase().includes(q) || c.col.toLowerCase().includes(q)) : cols;
  }, [cols, search]);

  if (!hasSource)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pointConfig.chooseSourceFirst')} />;
  if (loading) return <Skeleton active paragraph={{ rows: 6 }} />;
  const label = (c: DeviceTypeCol) => (
    <>
      {c.colName} <span className={styles.code}>{c.col}</span> {c.unit ? <Tag>{c.unit}</Tag> : null}
    </>
  );
  return (
    <>
      <Input.Search
        allowClear
        placeholder={t('pointConfig.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <div className={styles.pointList} data-testid="config-points">
        {shown.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pointConfig.noPoints')} />
        ) : single ? (
          <Radio.Group value={checked[0]} onChange={(e) => onChange([e.target.value as number])}>
            {shown.map((c) => (
              <div key={c.flgId} className={styles.pointRow}>
                <Radio value={c.flgId}>{label(c)}</Radio>
              </div>
            ))}
          </Radio.Group>
        ) : (
          shown.map((c) => (
            <div key={c.flgId} className={styles.pointRow}>
              <Checkbox
                checked={checked.includes(c.flgId)}
                onChange={(e) =>
                  onChange(e.target.checked ? [...checked, c.flgId] : checked.filter((id) => id !== c.flgId))
                }
              >
                {label(c)}
              </Checkbox>
            </div>
          ))
        )}
      </div>
    </>
  );
}
