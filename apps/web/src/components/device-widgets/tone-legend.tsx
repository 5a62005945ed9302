import { useTranslation } from 'react-i18next';
import { type DeviceTone, TONE_COLORS } from './device-tone';
import styles from './device-widgets.module.css';

const SHOWN: readonly DeviceTone[] = ['charging', 'discharging', 'standby', 'running', 'stopped', 'fault', 'offline'];

/** What the colours of cards and diagram nodes mean. */
export function ToneLegend({ tones = SHOWN }: { tones?: readonly DeviceTone[] }) {
  const { t } = useTranslation();
  return (
    <ul className={styles.legend} aria-label={t('deviceWidgets.legend')}>
      {tones.map((tone) => (
        <li key={tone}>
          <span className={styles.legendSwatch} style={{ background: TONE_COLORS[tone] }} />
          {t(`deviceWidgets.tone.${tone}`)}
        </li>
      ))}
    </ul>
  );
}
