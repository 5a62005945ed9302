import { DeleteOutlined, ScissorOutlined } from '@ant-design/icons';
import { TOU_PERIODS, type TouPeriod, type TouSegment } from '@ess/contract';
import { Button, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { palette } from '@/lib/theme/palette';
import { endChoices, hoursByPeriod, ordered, remove, setEnd, setPeriod, split } from './segment-model';
import { TouBar } from './tou-bar';

type Row = TouSegment & { index: number };

/**
 * The period cut editor of a rate template (a form control: `value` / `onChange`): the day as a
 * 24-hour bar, and one row per segment to move its end, change its period, split it in two or
 * remove it (the neighbour takes its hours). The cut always covers 00:00–24:00 exactly once.
 */
export function SegmentEditor({
  value,
  onChange,
}: {
  value?: TouSegment[];
  onChange?: (segments: TouSegment[]) => void;
}) {
  const { t } = useTranslation();
  const segments = ordered(value ?? []);
  const [selected, setSelected] = useState<number | null>(null);
  const change = (next: TouSegment[]) => onChange?.(next);
  const rows: Row[] = segments.map((s, index) => ({ ...s, index }));
  const periodOptions = TOU_PERIODS.map((p) => ({ value: p, label: t(`rates.period.${p}`) }));

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={8} data-testid="segment-editor">
      <TouBar segments={segments} selected={selected} onSelect={setSelected} testId="segment-bar" />
      <Space wrap size={4} data-testid="segment-preview">
        <Typography.Text type="secondary">{t('rates.editor.preview')}:</Typography.Text>
        {hoursByPeriod(segments).map((h) => (
          <Tag key={h.period} color={palette.touPeriod[h.period]}>
            {t(`rates.period.${h.period}`)} {t('rates.hours', { hours: h.hours })}
          </Tag>
        ))}
      </Space>
      <Table<Row>
        size="small"
        rowKey="start"
        pagination={false}
        dataSource={rows}
        onRow={(r) => ({ onClick: () => setSelected(r.index) })}
        rowClassName={(r) => (r.index === selected ? 'ant-table-row-selected' : '')}
        columns={[
          { key: 'start', title: t('rates.editor.start'), dataIndex: 'start', width: 80 },
          {
            key: 'end',
            title: t('rates.editor.end'),
            width: 110,
            render: (_, r) => (
              <Select
                size="small"
                value={r.end}
                style={{ width: 90 }}
                aria-label={`${t('rates.editor.end')} ${r.start}`}
                disabled={r.index === segments.length - 1}
                options={endChoices(segments, r.index).map((e) => ({ value: e, label: e }))}
                onChange={(end: string) => change(setEnd(segments, r.index, end))}
              />
            ),
          },
          {
            key: 'period',
            title: t('rates.editor.period'),
            render: (_, r) => (
              <Select<TouPeriod>
                size="small"
                value={r.period}
                style={{ width: 130 }}
                aria-label={`${t('rates.editor.period')} ${r.start}`}
                options={periodOptions}
                onChange={(p) => change(setPeriod(segments, r.index, p))}
              />
            ),
          },
          {
            key: 'actions',
            width: 90,
            render: (_, r) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  icon={<ScissorOutlined />}
                  title={t('rates.editor.split')}
                  aria-label={`${t('rates.editor.split')} ${r.start}`}
                  onClick={() => change(split(segments, r.index))}
                />
                <Button
                  type="link"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  title={t('rates.editor.remove')}
                  aria-label={`${t('rates.editor.remove')} ${r.start}`}
                  disabled={segments.length < 2}
                  onClick={() => {
                    setSelected(null);
                    change(remove(segments, r.index));
                  }}
                />
              </Space>
            ),
          },
        ]}
      />
    </Space>
  );
}
