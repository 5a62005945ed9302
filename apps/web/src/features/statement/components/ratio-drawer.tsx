import { localDateOf, type StatementRow, statementApi } from '@ess/contract';
import { Alert, Button, DatePicker, Drawer, Form, InputNumber, Popconfirm, Space, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '@/components/permission';
import { notify } from '@/lib/api/notifier';
import { labelledInstant, usePlatformTime } from '@/lib/format/platform-time';
import { pickerMonth } from '@/lib/format/zone';
import { useDeleteRatio, useSetRatio, useSettlementRatios } from '../api/statement';

type Values = { fromMonth: Dayjs; ratio: number };

/**
 * A station's settlement ratios (the owner's share, 0–100 %) from a month on. Only the station's
 * current month or a later one can be set or removed: an ended month keeps what it was settled at.
 */
export function RatioDrawer({ row, onClose }: { row: StatementRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const clock = usePlatformTime();
  const ratios = useSettlementRatios(row?.stationId ?? null);
  const set = useSetRatio();
  const remove = useDeleteRatio();
  const [busyMonth, setBusyMonth] = useState<string | null>(null);
  const current = row ? localDateOf(Date.now(), row.timeZone).slice(0, 7) : '';

  const save = async (v: Values) => {
    if (!row) return;
    try {
      await set.mutateAsync({ stationId: row.stationId, fromMonth: pickerMonth(v.fromMonth), ratio: v.ratio });
      notify.success(t('statement.ratio.saved'));
    } catch {
      // The call's notice has said why.
    }
  };
  const drop = async (fromMonth: string) => {
    if (!row) return;
    setBusyMonth(fromMonth);
    try {
      await remove.mutateAsync({ stationId: row.stationId, fromMonth });
    } catch {
      // As above.
    } finally {
      setBusyMonth(null);
    }
  };

  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      size={560}
      destroyOnHidden
      title={row ? t('statement.ratio.title', { station: row.stationName }) : ''}
      data-testid="statement-ratio"
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Alert type="info" showIcon message={t('statement.ratio.hint')} />
        <Table
          size="small"
          pagination={false}
          rowKey="fromMonth"
          loading={ratios.isLoading}
          dataSource={ratios.data ?? []}
          locale={{ emptyText: t('statement.ratio.none') }}
          data-testid="statement-ratio-list"
          columns={[
            { key: 'fromMonth', title: t('statement.ratio.fromMonth'), dataIndex: 'fromMonth' },
            { key: 'ratio', title: t('statement.ratio.ratio'), dataIndex: 'ratio', align: 'right' },
            { key: 'updateBy', title: t('statement.ratio.updateBy'), dataIndex: 'updateBy' },
            {
              key: 'updateTime',
              title: t('statement.ratio.updateTime'),
              render: (_, r) => labelledInstant(clock, r.updateTime),
            },
            {
              key: 'actions',
              width: 80,
              render: (_, r) =>
                r.fromMonth >= current && (
                  <Permission endpoint={statementApi.settlementRatioDelete}>
                    <Popconfirm
                      title={t('statement.ratio.deleteConfirm', { month: r.fromMonth })}
                      onConfirm={() => drop(r.fromMonth)}
                    >
                      <Button type="link" danger size="small" loading={busyMonth === r.fromMonth}>
                        {t('statement.ratio.delete')}
                      </Button>
                    </Popconfirm>
                  </Permission>
                ),
            },
          ]}
        />
        <Permission endpoint={statementApi.settlementRatioSet}>
          <Form<Values>
            key={row?.stationId}
            layout="inline"
            onFinish={save}
            initialValues={current ? { fromMonth: dayjs(`${current}-01`) } : {}}
          >
            <Form.Item
              name="fromMonth"
              label={t('statement.ratio.fromMonth')}
              rules={[{ required: true, message: t('statement.ratio.monthRequired') }]}
            >
              <DatePicker
                picker="month"
                allowClear={false}
                disabledDate={(d) => pickerMonth(d) < current}
                data-testid="statement-ratio-month"
              />
            </Form.Item>
            <Form.Item
              name="ratio"
              label={t('statement.ratio.ratio')}
              rules={[
                { required: true, type: 'number', min: 0, max: 100, message: t('statement.ratio.ratioRequired') },
              ]}
            >
              <InputNumber min={0} max={100} step={1} precision={2} data-testid="statement-ratio-value" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={set.isPending} data-testid="statement-ratio-save">
              {t('statement.ratio.save')}
            </Button>
          </Form>
        </Permission>
      </Space>
    </Drawer>
  );
}
