import { rateApi } from '@ess/contract';
import { Alert, Button, Card, Descriptions, Empty, Flex, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '@/components/permission';
import { StationZone } from '@/components/station-zone/station-zone';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { usePageTitle } from '@/lib/menu/page-title';
import { useCurrentStation } from '@/lib/station/current-station';
import { palette } from '@/lib/theme/palette';
import { FollowProxyModal } from '../components/follow-proxy-modal';
import { PriceVersionModal } from '../components/price-version-modal';
import { PriceVersions } from '../components/price-versions';
import { ProxyInForce } from '../components/proxy-in-force';
import { TouBar } from '../components/tou-bar';
import { UseTemplateModal } from '../components/use-template-modal';
import { ValidityText } from '../components/validity-text';

/**
 * Price configuration (电价配置, issue 24 part 1): the current station's time-of-use prices by
 * date — the template in force today and every version — on the /system/rate model itself (one
 * source): a new price version or an existing template from today on; scheduled ones withdrawn.
 */
export function PriceConfigurationPage() {
  const { t } = useTranslation();
  const pageTitle = usePageTitle('/revenue-management/price-configuration');
  const { stationId, station } = useCurrentStation();
  const held = useEndpoint(rateApi.rateStationTemplates, stationId === null ? null : { stationId });
  const [dialog, setDialog] = useState<'version' | 'existing' | 'proxy' | null>(null);
  const data = held.data;
  const current = data?.templates.find((tp) => tp.id === data.currentId);
  const proxy = data?.proxyToday ?? null;
  const stationName = station?.name ?? '';

  return (
    <Card
      data-testid="price-config-page"
      title={pageTitle}
      extra={<Typography.Text type="secondary">{t('rates.config.subtitle')}</Typography.Text>}
    >
      {stationId === null ? (
        <Empty description={t('rates.config.noStation')} />
      ) : held.isError && !data ? (
        <Alert type="error" showIcon message={t('rates.config.loadFailed')} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Flex vertical gap={14}>
          <Flex wrap gap="8px 16px" align="center">
            <Typography.Text type="secondary">{t('rates.station.today', { date: data.today })}</Typography.Text>
            <StationZone />
            <span style={{ flex: 1 }} />
            <Permission endpoint={rateApi.rateStationProxy}>
              <Button onClick={() => setDialog('proxy')} data-testid="price-follow-proxy-open">
                {t('rates.proxy.follow')}
              </Button>
            </Permission>
            <Permission endpoint={rateApi.rateStationSave}>
              <Button onClick={() => setDialog('existing')} data-testid="price-use-existing">
                {t('rates.config.useExisting')}
              </Button>
            </Permission>
            <Permission endpoint={rateApi.rateStationVersion}>
              <Button type="primary" onClick={() => setDialog('version')} data-testid="price-new-version">
                {t('rates.config.newVersion')}
              </Button>
            </Permission>
          </Flex>
          <Card size="small" title={t('rates.config.inForce')} data-testid="price-in-force">
            {proxy ? (
              <ProxyInForce proxy={proxy} />
            ) : current ? (
              <Descriptions size="small" column={{ xs: 1, lg: 2 }}>
                <Descriptions.Item label={t('rates.station.template')}>
                  {current.code} {current.name}
                </Descriptions.Item>
                <Descriptions.Item label={t('rates.validity')}>
                  <ValidityText from={current.validFrom} to={current.validTo} />
                </Descriptions.Item>
                <Descriptions.Item label={t('rates.segments')} span={2}>
                  <TouBar segments={current.segments} />
                </Descriptions.Item>
                <Descriptions.Item label={`${t('rates.prices')} (${current.currency})`} span={2}>
                  <Space size={2} wrap>
                    {[...new Set(current.segments.map((s) => s.period))].map((p) => (
                      <Tag key={p} color={palette.touPeriod[p]}>{`${t(`rates.period.${p}`)} ${current.prices[p]}`}</Tag>
                    ))}
                  </Space>
                </Descriptions.Item>
              </Descriptions>
            ) : (
              <Alert type="warning" showIcon message={t('rates.config.none')} />
            )}
          </Card>
          <Card size="small" title={t('rates.config.versions')}>
            <Typography.Paragraph type="secondary">{t('rates.config.pastNote')}</Typography.Paragraph>
            <PriceVersions data={data} />
          </Card>
          <PriceVersionModal
            data={data}
            stationName={stationName}
            open={dialog === 'version'}
            onClose={() => setDialog(null)}
          />
          <FollowProxyModal
            data={data}
            stationName={stationName}
            open={dialog === 'proxy'}
            onClose={() => setDialog(null)}
          />
          <UseTemplateModal
            data={data}
            stationName={stationName}
            open={dialog === 'existing'}
            onClose={() => setDialog(null)}
          />
        </Flex>
      )}
    </Card>
  );
}
