import type { UsedFactor } from '@ess/contract';
import { Card, Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The factors the figures used, with their sources, and how to read the storage sign. */
export function FactorUsed({ factors }: { factors: UsedFactor[] }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('carbon.factorUsed.title')} data-testid="carbon-factor-used">
      {factors.length === 0 ? (
        <Empty description={t('carbon.factorUsed.none')} />
      ) : (
        <Flex vertical gap={10}>
          {factors.map((x) => (
            <div key={x.id}>
              <Typography.Text strong>
                {`${x.factor} tCO₂/MWh · ${x.provinceCode === null ? t('carbon.factorUsed.national') : x.regionName} · ${t('carbon.factorUsed.year', { year: x.year })}`}
              </Typography.Text>
              <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
                {x.source}
              </Typography.Paragraph>
            </div>
          ))}
        </Flex>
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t('carbon.factorUsed.note')}
      </Typography.Paragraph>
    </Card>
  );
}
