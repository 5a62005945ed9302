import { Badge, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';
import type { StationLive } from '@/lib/live/use-station-live';
import { useAirCondition } from '../api/home-blocks';
import { liveOr } from '../hooks/live-values';
import { useStateLabel } from '../hooks/use-state-label';
import { BlockCard } from './block-card';
import styles from './home-blocks.module.css';
import { acStateColor } from './run-state';

/**
 * Thermal management: battery air conditioners (supply and return air, humidity, power, set
 * point) and the built-in air conditioning of integrated cabinets (cabinet and cell temperatures).
 */
export function AirConditionBlock({ stationId, live }: { stationId: number; live: StationLive }) {
  const { t } = useTranslation();
  const f = useFormat();
  const label = useStateLabel();
  const { data, isPending, isError, refetch } = useAirCondition(stationId);
  const temp = (v: number | null) => f.value(v, '°C', 1);
  const online = (id: number, status: 'online' | 'offline') => (live.deviceStatus[id] ?? status) === 'online';
  const units = data?.airConditioners ?? [];
  const cabinets = data?.cabinets ?? [];
  return (
    <BlockCard
      title={t('siteHome.block.airConditioning')}
      loading={isPending}
      failed={isError}
      onRetry={() => void refetch()}
      empty={data && units.length + cabinets.length === 0 ? t('siteHome.ac.empty') : undefined}
      testId="home-air-condition"
    >
      {units.length > 0 && (
        <>
          <div className={styles.section}>{t('siteHome.ac.units')}</div>
          <div className={styles.list}>
            {units.map((u) => {
              const v = live.devices[u.deviceId];
              const state = liveOr(v, 'state', u.state, u.ts);
              const on = online(u.deviceId, u.status);
              return (
                <div key={u.deviceId} className={styles.item} data-testid={`ac-${u.deviceId}`}>
                  <div className={styles.itemHead}>
                    <span className={styles.itemName} title={u.sn}>
                      <Badge status={on ? 'success' : 'default'} /> {u.name}
                    </span>
                    <Tag color={on ? acStateColor(state) : 'default'}>
                      {on ? (label('ac', 'state', state) ?? u.stateText ?? '-') : t('siteHome.status.offline')}
                    </Tag>
                  </div>
                  <div className={styles.itemLine}>
                    <span>
                      {t('siteHome.ac.supply')} {temp(liveOr(v, 'supplyTemp', u.supplyTemp, u.ts))}
                    </span>
                    <span>
                      {t('siteHome.ac.return')} {temp(liveOr(v, 'returnTemp', u.returnTemp, u.ts))}
                    </span>
                    <span>
                      {t('siteHome.ac.humidity')} {f.value(liveOr(v, 'humidity', u.humidity, u.ts), '%', 0)}
                    </span>
                    <span>
                      {t('siteHome.ac.power')} {f.energy(liveOr(v, 'p', u.powerKw, u.ts), 'kW')}
                    </span>
                    <span>
                      {t('siteHome.ac.setTemp')} {temp(liveOr(v, 'setTemp', u.setTemp, u.ts))}
                    </span>
                  </div>
                </div>
              );
            })}
          </div>
        </>
      )}
      {cabinets.length > 0 && (
        <>
          <div className={styles.section}>{t('siteHome.ac.cabinets')}</div>
          <div className={styles.list}>
            {cabinets.map((c) => {
              const v = live.devices[c.deviceId];
              const state = liveOr(v, 'acState', c.state, c.ts);
              const on = online(c.deviceId, c.status);
              return (
                <div key={c.deviceId} className={styles.item} data-testid={`ac-cabinet-${c.deviceId}`}>
                  <div className={styles.itemHead}>
                    <span className={styles.itemName} title={c.sn}>
                      <Badge status={on ? 'success' : 'default'} /> {c.name}
                    </span>
                    <Tag color={on ? acStateColor(state) : 'default'}>
                      {on ? (label('cabinet', 'acState', state) ?? c.stateText ?? '-') : t('siteHome.status.offline')}
                    </Tag>
                  </div>
                  <div className={styles.itemLine}>
                    <span>
                      {t('siteHome.ac.env')} {temp(liveOr(v, 'envTemp', c.envTemp, c.ts))}
                    </span>
                    <span>
                      {t('siteHome.ac.cellRange')} {temp(liveOr(v, 'cellTmin', c.cellTmin, c.ts))} ~{' '}
                      {temp(liveOr(v, 'cellTmax', c.cellTmax, c.ts))}
                    </span>
                  </div>
                </div>
              );
            })}
          </div>
        </>
      )}
    </BlockCard>
  );
}
