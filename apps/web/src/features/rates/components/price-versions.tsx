import { type RateAssignment, type RateStationTemplates, rateApi } from '@ess/contract';
import { Button, Popconfirm, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '@/components/crud';
import { Permission } from '@/components/permission';
import { palette } from '@/lib/theme/palette';
import { RATE_WRITE_INVALIDATES } from '../api/rate-writes';
import { TouBar } from './tou-bar';

/** A station's price versions by start: in force today, scheduled (withdrawable) or ended. */
export function PriceVersions({ data }: { data: RateStationTemplates }) {
  const { t } = useTranslation();
  const withdraw = useEndpointMutation(rateApi.rateStationUnassign, { invalidate: RATE_WRITE_INVALIDATES });
  const byId = new Map(data.templates.map((tp) => [tp.id, tp]));
  const templateOf = (a: RateAssignment) => (a.templateId === null ? undefined : byId.get(a.templateId));
  // The region's cut is known for the region followed today.
  const proxyOf = (a: RateAssignment) =>
    a.proxyRegionId !== null && data.proxyToday?.regionId === a.proxyRegionId ? data.proxyToday : undefined;
  const stateOf = (a: RateAssignment) =>
    a.id === data.currentAssignmentId
      ? { key: 'current', tag: <Tag color="success">{t('rates.station.current')}</Tag> }
      : a.validFrom !== null && a.validFrom > data.today
        ? { key: 'scheduled', tag: <Tag color="processing">{t('rates.station.scheduled')}</Tag> }
        : { key: 'past', tag: <Tag>{t('rates.config.past')}</Tag> };
  return (
    <Table<RateAssignment>
      data-testid="price-versions"
      rowKey="id"
      size="small"
      pagination={false}
      scroll={{ x: 900 }}
      dataSource={data.assignments}
      columns={[
        {
          key: 'from',
          title: t('rates.station.validFrom'),
          width: 130,
          render: (_, a) => a.validFrom ?? t('rates.station.fromStart'),
        },
        {
          key: 'template',
          title: t('rates.station.template'),
          ellipsis: true,
          render: (_, a) =>
            a.proxyRegionId === null ? (
              `${a.templateCode} ${a.templateName}`
            ) : (
              <Space size={4}>
                <Tag color="purple">{t('rates.proxy.tag')}</Tag>
                {`${a.templateCode} ${a.templateName}`}
              </Space>
            ),
        },
        {
          key: 'segments',
          title: t('rates.segments'),
          width: 220,
          render: (_, a) => {
            const segments = templateOf(a)?.segments ?? proxyOf(a)?.segments;
            return segments ? <TouBar segments={segments} /> : '-';
          },
        },
        {
          key: 'prices',
          title: t('rates.prices'),
          render: (_, a) => {
            if (a.proxyRegionId !== null) return t('rates.proxy.monthly');
            const tp = templateOf(a);
            if (!tp) return '-';
            return (
              <Space size={2} wrap>
                {[...new Set(tp.segments.map((s) => s.period))].map((p) => (
                  <Tag key={p} color={palette.touPeriod[p]}>{`${t(`rates.period.${p}`)} ${tp.prices[p]}`}</Tag>
                ))}
                {!tp.enabled && <Tag>{t('rates.station.disabledTag')}</Tag>}
              </Space>
            );
          },
        },
        { key: 'state', title: t('rates.config.state'), width: 110, render: (_, a) => stateOf(a).tag },
        {
          key: 'actions',
          width: 100,
          render: (_, a) =>
            stateOf(a).key === 'scheduled' && (
              <Permission endpoint={rateApi.rateStationUnassign}>
                <Popconfirm
                  title={t('rates.config.withdrawConfirm', { date: a.validFrom })}
                  onConfirm={() =>
                    withdraw.mutateAsync({ stationId: data.stationId, assignmentId: a.id }).catch(() => undefined)
                  }
                >
                  <Button type="link" danger size="small" data-testid={`price-withdraw-${a.id}`}>
                    {t('rates.config.withdraw')}
                  </Button>
                </Popconfirm>
              </Permission>
            ),
        },
      ]}
    />
  );
}
