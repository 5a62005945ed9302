import { useTranslation } from 'react-i18next';
import { type DeviceTone, TONE_COLORS } from './device-tone';
import styles from './device-widgets.module.css';

type Props = {
  tone: DeviceTone;
  /** The device's own state label (from the server); the tone's name when absent. */
  label?: string | null;
};

/** A coloured state chip: dot and label in the tone's colour. */
export function ToneTag({ tone, label }: Props) {
  const { t } = useTranslation();
  // Offline says so even when a stale state label exists.
  const text = tone === 'offline' || !label ? t(`deviceWidgets.tone.${tone}`) : label;
  return (
    <span className={styles.toneTag} style={{ color: TONE_COLORS[tone] }} data-tone={tone}>
      <span className={styles.toneDot} />
      {text}
    </span>
  );
}
