import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { PlanCurveSegment } from '@ess/contract';
import { Button, InputNumber, Select, Space, Table, Typography, theme } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerText } from '@/lib/i18n/server-text';
import { END_TIMES, nextSegment, rowProblems, START_TIMES } from '../model/segments';
import { PLAN_PROBLEM_TEXT } from './plan-problem-text';

type Row = PlanCurveSegment & { index: number };

const startOptions = START_TIMES.map((v) => ({ value: v, label: v }));
const endOptions = END_TIMES.map((v) => ({ value: v, label: v }));

/**
 * The segments of a plan curve as an editable table (a form control: `value` / `onChange`):
 * start and end on quarter hours, planned power (kW, > 0 discharge, < 0 charge) and the SOC
 * window. Each row says at once what the contract's rules find wrong with it, overlaps marked on
 * both rows.
 */
export function SegmentTable({
  value,
  onChange,
}: {
  value?: PlanCurveSegment[];
  onChange?: (segments: PlanCurveSegment[]) => void;
}) {
  const { t } = useTranslation();
  const text = useServerText();
  const { token } = theme.useToken();
  const segments = value ?? [];
  const problems = rowProblems(segments);
  const rows: Row[] = segments.map((s, index) => ({ ...s, index }));
  const change = (index: number, patch: Partial<PlanCurveSegment>) =>
    onChange?.(segments.map((s, i) => (i === index ? { ...s, ...patch } : s)));
  // An emptied number field holds NaN, which the range rule reports, rather than a silent 0.
  const num = (v: number | string | null) => (typeof v === 'number' ? v : Number.NaN);

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={8} data-testid="plan-segments">
      <Typography.Text type="secondary">{t('planCurve.sign')}</Typography.Text>
      <Table<Row>
        size="small"
        rowKey="index"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: t('planCurve.editor.empty') }}
        onRow={(r) => {
          const problem = problems.get(r.index);
          return {
            'data-testid': `plan-segment-${r.index}`,
            'data-problem': problem ?? '',
            style: problem ? { background: token.colorErrorBg } : undefined,
          } as HTMLAttributes<HTMLElement>;
        }}
        columns={[
          {
            key: 'start',
            title: t('planCurve.editor.start'),
            width: 100,
            render: (_, r) => (
              <Select
                size="small"
                value={r.start}
                style={{ width: 84 }}
                aria-label={`${t('planCurve.editor.start')} ${r.index + 1}`}
                options={startOptions}
                virtual={false}
                onChange={(start: string) => change(r.index, { start })}
              />
            ),
          },
          {
            key: 'end',
            title: t('planCurve.editor.end'),
            width: 100,
            render: (_, r) => (
              <Select
                size="small"
                value={r.end}
                style={{ width: 84 }}
                aria-label={`${t('planCurve.editor.end')} ${r.index + 1}`}
                options={endOptions}
                virtual={false}
                onChange={(end: string) => change(r.index, { end })}
              />
            ),
          },
          {
            key: 'powerKw',
            title: t('planCurve.editor.power'),
            width: 130,
            render: (_, r) => (
              <InputNumber
                size="small"
                value={Number.isNaN(r.powerKw) ? null : r.powerKw}
                style={{ width: 120 }}
                aria-label={`${t('planCurve.editor.power')} ${r.index + 1}`}
                onChange={(v) => change(r.index, { powerKw: num(v) })}
              />
            ),
          },
          {
            key: 'socMax',
            title: t('planCurve.editor.socUpper'),
            width: 110,
            render: (_, r) => (
              <InputNumber
                size="small"
                value={Number.isNaN(r.socMax) ? null : r.socMax}
                style={{ width: 90 }}
                aria-label={`${t('planCurve.editor.socUpper')} ${r.index + 1}`}
                onChange={(v) => change(r.index, { socMax: num(v) })}
              />
            ),
          },
          {
            key: 'socMin',
            title: t('planCurve.editor.socLower'),
            width: 110,
            render: (_, r) => (
              <InputNumber
                size="small"
                value={Number.isNaN(r.socMin) ? null : r.socMin}
                style={{ width: 90 }}
                aria-label={`${t('planCurve.editor.socLower')} ${r.index + 1}`}
                onChange={(v) => change(r.index, { socMin: num(v) })}
              />
            ),
          },
          {
            key: 'problem',
            render: (_, r) => {
              const p = problems.get(r.index);
              return p ? <Typography.Text type="danger">{text(PLAN_PROBLEM_TEXT[p])}</Typography.Text> : null;
            },
          },
          {
            key: 'actions',
            width: 48,
            render: (_, r) => (
              <Button
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined />}
                title={t('planCurve.editor.remove')}
                aria-label={`${t('planCurve.editor.remove')} ${r.index + 1}`}
                onClick={() => onChange?.(segments.filter((_, i) => i !== r.index))}
              />
            ),
          },
        ]}
      />
      <Button
        size="small"
        icon={<PlusOutlined />}
        onClick={() => onChange?.([...segments, nextSegment(segments)])}
        data-testid="plan-segment-add"
      >
        {t('planCurve.editor.add')}
      </Button>
    </Space>
  );
}
