import type { TouSegment } from '@ess/contract';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { palette } from '@/lib/theme/palette';
import { ordered, toMinutes } from './segment-model';

const DAY = 24 * 60;

/**
 * A day's period cut as a 24-hour bar, one coloured block per segment (palette.touPeriod), with
 * the hours beneath. Clicking a block selects it when `onSelect` is given.
 */
export function TouBar({
  segments,
  selected,
  onSelect,
  testId,
}: {
  segments: TouSegment[];
  selected?: number | null;
  onSelect?: (index: number) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <div data-testid={testId}>
      <div style={{ display: 'flex', height: 28, borderRadius: token.borderRadiusSM, overflow: 'hidden' }}>
        {ordered(segments).map((s, i) => {
          const label = `${t(`rates.period.${s.period}`)} ${s.start}–${s.end}`;
          return (
            <button
              type="button"
              key={`${s.start}-${s.end}`}
              title={label}
              aria-label={label}
              aria-pressed={selected === i}
              onClick={() => onSelect?.(i)}
              style={{
                width: `${((toMinutes(s.end) - toMinutes(s.start)) / DAY) * 100}%`,
                background: palette.touPeriod[s.period],
                color: token.colorTextLightSolid,
                border: 'none',
                padding: 0,
                fontSize: token.fontSizeSM,
                cursor: onSelect ? 'pointer' : 'default',
                overflow: 'hidden',
                whiteSpace: 'nowrap',
                outline: selected === i ? `2px solid ${token.colorText}` : undefined,
                outlineOffset: -2,
              }}
            >
              {t(`rates.period.${s.period}`)}
            </button>
          );
        })}
      </div>
      <div style={{ position: 'relative', height: 18, fontSize: token.fontSizeSM, color: token.colorTextSecondary }}>
        {[0, 6, 12, 18, 24].map((h) => (
          <span
            key={h}
            style={{
              position: 'absolute',
              left: `${(h / 24) * 100}%`,
              transform: h === 0 ? 'none' : h === 24 ? 'translateX(-100%)' : 'translateX(-50%)',
            }}
          >
            {`${String(h).padStart(2, '0')}:00`}
          </span>
        ))}
      </div>
    </div>
  );
}
