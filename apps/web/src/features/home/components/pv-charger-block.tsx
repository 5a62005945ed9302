import { Badge, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';
import type { StationLive } from '@/lib/live/use-station-live';
import { usePvChargers } from '../api/home-blocks';
import { liveOr } from '../hooks/live-values';
import { useStateLabel } from '../hooks/use-state-label';
import { BlockCard } from './block-card';
import styles from './home-blocks.module.css';
import { pileStateColor } from './run-state';

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className={styles.stat}>
      <div className={styles.statLabel}>{label}</div>
      <div className={styles.statValue} data-testid={testId}>
        {value}
      </div>
    </div>
  );
}

/** PV generation and the charging piles: live power, today's and total energy, each pile's state. */
export function PvChargerBlock({ stationId, live }: { stationId: number; live: StationLive }) {
  const { t } = useTranslation();
  const f = useFormat();
  const label = useStateLabel();
  const { data, isPending, isError, refetch } = usePvChargers(stationId);
  const pv = data?.pv;
  const chargers = data?.chargers;
  const nothing = data && data.pv.total === 0 && data.chargers.total === 0;
  return (
    <BlockCard
      title={t('siteHome.block.pvChargers')}
      loading={isPending}
      failed={isError}
      onRetry={() => void refetch()}
      empty={nothing ? t('siteHome.pv.empty') : undefined}
      testId="home-pv-chargers"
    >
      {pv && chargers && (
        <>
          <div className={styles.section}>
            <span>{t('siteHome.pv.pv')}</span>
            {pv.total > 0 && (
              <span className={styles.muted}>{t('siteHome.pv.inverters', { online: pv.online, total: pv.total })}</span>
            )}
          </div>
          {pv.total > 0 ? (
            <div className={styles.stats}>
              <Stat
                label={t('siteHome.pv.power')}
                value={f.energy(live.summary?.pvPower ?? pv.powerKw, 'kW')}
                testId="pv-power"
              />
              <Stat label={t('siteHome.pv.today')} value={f.energy(pv.todayKwh)} />
              <Stat label={t('siteHome.pv.total')} value={f.energy(pv.totalKwh)} />
            </div>
          ) : (
            <div className={styles.muted}>{t('siteHome.pv.noPv')}</div>
          )}
          <div className={styles.section}>
            <span>{t('siteHome.pv.chargers')}</span>
            {chargers.total > 0 && (
              <span className={styles.muted}>
                {t('siteHome.pv.piles', {
                  online: chargers.online,
                  total: chargers.total,
                  charging: chargers.charging,
                  fault: chargers.fault,
                })}
              </span>
            )}
          </div>
          {chargers.total > 0 ? (
            <>
              <div className={styles.stats}>
                <Stat
                  label={t('siteHome.pv.chargerPower')}
                  value={f.energy(live.summary?.chargerPower ?? chargers.powerKw, 'kW')}
                  testId="charger-power"
                />
                <Stat label={t('siteHome.pv.chargerToday')} value={f.energy(chargers.todayKwh)} />
              </div>
              <div className={styles.spacer} />
              <div className={styles.list}>
                {chargers.piles.map((p) => {
                  const v = live.devices[p.deviceId];
                  const state = liveOr(v, 'state', p.state, null);
                  const on = (live.deviceStatus[p.deviceId] ?? p.status) === 'online';
                  const evSoc = liveOr(v, 'evSoc', p.evSoc, null);
                  return (
                    <div key={p.deviceId} className={styles.item} data-testid={`pile-${p.deviceId}`}>
                      <div className={styles.itemHead}>
                        <span className={styles.itemName} title={p.sn}>
                          <Badge status={on ? 'success' : 'default'} /> {p.name}
                        </span>
                        <Tag color={on ? pileStateColor(state) : 'default'}>
                          {on ? (label('charger', 'state', state) ?? p.stateText ?? '-') : t('siteHome.status.offline')}
                        </Tag>
                      </div>
                      <div className={styles.itemLine}>
                        <span>{f.energy(liveOr(v, 'p', p.powerKw, null), 'kW')}</span>
                        <span>
                          {t('siteHome.pv.session', {
                            value: f.energy(liveOr(v, 'sessionEnergy', p.sessionKwh, null)),
                          })}
                        </span>
                        {state === 1 && evSoc !== null && (
                          <span>{t('siteHome.pv.evSoc', { value: `${f.number(evSoc)}%` })}</span>
                        )}
                      </div>
                    </div>
                  );
                })}
              </div>
            </>
          ) : (
            <div className={styles.muted}>{t('siteHome.pv.noChargers')}</div>
          )}
        </>
      )}
    </BlockCard>
  );
}
