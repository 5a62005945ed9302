import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DraftRow, moveRow, stepRow } from './config-rows';
import styles from './point-config.module.css';

/** The chosen rows in display order: drag a row (or use the arrows) to reorder, rename, remove. */
export function SelectedRows({
  rows,
  labelTitle,
  onChange,
}: {
  rows: readonly DraftRow[];
  labelTitle: string;
  onChange: (rows: DraftRow[]) => void;
}) {
  const { t } = useTranslation();
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  if (rows.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pointConfig.emptySelected')} />;
  const drop = (beforeId: string | null) => {
    if (dragging) onChange(moveRow(rows, dragging, beforeId));
    setDragging(null);
    setOver(null);
  };
  return (
    <ul className={styles.rows} data-testid="config-rows" aria-label={labelTitle}>
      {rows.map((r, i) => (
        <li
          key={r.dragId}
          data-drag-id={r.dragId}
          className={`${styles.row} ${over === r.dragId ? styles.dragOver : ''}`}
          draggable
          onDragStart={(e) => {
            e.dataTransfer.effectAllowed = 'move';
            e.dataTransfer.setData('text/plain', r.dragId);
            setDragging(r.dragId);
          }}
          onDragOver={(e) => {
            e.preventDefault();
            setOver(r.dragId);
          }}
          onDragLeave={() => setOver((o) => (o === r.dragId ? null : o))}
          onDrop={(e) => {
            e.preventDefault();
            drop(r.dragId);
          }}
          onDragEnd={() => {
            setDragging(null);
            setOver(null);
          }}
        >
          <Tooltip title={t('pointConfig.drag')}>
            <HolderOutlined className={styles.handle} />
          </Tooltip>
          <span className={styles.index}>{i + 1}</span>
          <span className={styles.what} title={`${r.deviceName} · ${r.colName} (${r.col})`}>
            {r.deviceName} · {r.colName} {r.unit ? `(${r.unit})` : ''}
          </span>
          <Input
            size="small"
            maxLength={64}
            aria-label={labelTitle}
            placeholder={t('pointConfig.namePlaceholder')}
            value={r.label}
            onChange={(e) => onChange(rows.map((x) => (x.dragId === r.dragId ? { ...x, label: e.target.value } : x)))}
          />
          <Space size={0}>
            <Button
              size="small"
              type="text"
              icon={<ArrowUpOutlined />}
              aria-label={t('pointConfig.moveUp')}
              disabled={i === 0}
              onClick={() => onChange(stepRow(rows, r.dragId, -1))}
            />
            <Button
              size="small"
              type="text"
              icon={<ArrowDownOutlined />}
              aria-label={t('pointConfig.moveDown')}
              disabled={i === rows.length - 1}
              onClick={() => onChange(stepRow(rows, r.dragId, 1))}
            />
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('pointConfig.remove')}
              onClick={() => onChange(rows.filter((x) => x.dragId !== r.dragId))}
            />
          </Space>
        </li>
      ))}
    </ul>
  );
}
