import type { RateStationTemplates } from '@ess/contract';
import { Alert, Descriptions, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { palette } from '@/lib/theme/palette';
import { TouBar } from './tou-bar';

type ProxyToday = NonNullable<RateStationTemplates['proxyToday']>;

/** Today's prices of a station following a proxy price region: the region, its cut, this month's prices. */
export function ProxyInForce({ proxy }: { proxy: ProxyToday }) {
  const { t } = useTranslation();
  const prices = proxy.prices;
  return (
    <Descriptions size="small" column={{ xs: 1, lg: 2 }} data-testid="price-in-force-proxy">
      <Descriptions.Item label={t('rates.proxy.region')}>
        <Space size={4} wrap>
          <Tag color="purple">{t('rates.proxy.tag')}</Tag>
          {proxy.code} {proxy.name}
        </Space>
      </Descriptions.Item>
      <Descriptions.Item label={t('rates.proxy.month')}>{proxy.month}</Descriptions.Item>
      <Descriptions.Item label={t('rates.segments')} span={2}>
        <TouBar segments={proxy.segments} />
      </Descriptions.Item>
      <Descriptions.Item label={`${t('rates.prices')}${proxy.currency ? ` (${proxy.currency})` : ''}`} span={2}>
        {prices ? (
          <Space size={2} wrap>
            {[...new Set(proxy.segments.map((s) => s.period))].map((p) => (
              <Tag key={p} color={palette.touPeriod[p]}>{`${t(`rates.period.${p}`)} ${prices[p]}`}</Tag>
            ))}
          </Space>
        ) : (
          <Alert type="warning" showIcon message={t('rates.proxy.noPrice', { month: proxy.month })} />
        )}
      </Descriptions.Item>
    </Descriptions>
  );
}
