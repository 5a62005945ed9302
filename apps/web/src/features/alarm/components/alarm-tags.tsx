import type { AlarmEvent, AlarmLevel } from '@ess/contract';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { palette } from '@/lib/theme/palette';

/** An alarm level in its palette colour (1 critical red … 4 hint blue). */
export function LevelTag({ level }: { level: AlarmLevel }) {
  const { t } = useTranslation();
  return (
    <Tag color={palette.alarmLevel[level]} data-testid={`alarm-level-${level}`}>
      {t(`alarm.level.l${level}`)}
    </Tag>
  );
}

/** Active or recovered, confirmed or not: the two halves of an event's state. */
export function StateTags({ event }: { event: Pick<AlarmEvent, 'recoveredAt' | 'confirmed'> }) {
  const { t } = useTranslation();
  return (
    <Space size={2} wrap>
      {event.recoveredAt === null ? (
        <Tag color="error">{t('alarm.state.active')}</Tag>
      ) : (
        <Tag color="success">{t('alarm.state.recovered')}</Tag>
      )}
      {event.confirmed ? (
        <Tag color="default">{t('alarm.state.confirmed')}</Tag>
      ) : (
        <Tag color="warning">{t('alarm.state.unconfirmed')}</Tag>
      )}
    </Space>
  );
}
