import { ExperimentOutlined } from '@ant-design/icons';
import { shellApi } from '@ess/contract';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEndpoint } from '@/lib/api/endpoint-query';
import styles from './navbar.module.css';

/**
 * Says so when the station's live data comes from the built-in simulator (SIMULATOR=on), so
 * demo figures are never taken for a real station's.
 */
export function DemoTag({ stationId }: { stationId: number | null }) {
  const { t } = useTranslation();
  const { data } = useEndpoint(shellApi.platformInfo, undefined, { staleTime: 300_000, call: { silent: true } });
  if (stationId === null || !data?.simulatedStationIds.includes(stationId)) return null;
  return (
    <Tooltip title={t('nav.demoDataHint')}>
      <Tag icon={<ExperimentOutlined />} color="warning" data-testid="demo-data-tag">
        <span className={styles.demoLabel}>{t('nav.demoData')}</span>
      </Tag>
    </Tooltip>
  );
}
