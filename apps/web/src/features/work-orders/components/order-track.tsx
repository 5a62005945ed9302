import type { OrderTrack } from '@ess/contract';
import { Empty, Space, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { labelledInstant } from '@/lib/format/platform-time';
import type { StationTime } from '@/lib/station/station-time';
import { OrderFileList } from './order-file-list';
import { useOrderWords } from './order-words';

const COLOUR: Partial<Record<OrderTrack['steps'][number]['action'], string>> = {
  back: 'orange',
  void: 'gray',
  slaOverdue: 'red',
  slaReminder: 'orange',
  finish: 'green',
  close: 'green',
};

/** Every step of an order, oldest first: what, who, when, the node it led to, opinion and files. */
export function OrderTrackTimeline({
  track,
  clock,
  names,
}: {
  track: OrderTrack;
  clock: StationTime;
  names: Map<string, string>;
}) {
  const { t } = useTranslation();
  const words = useOrderWords();
  if (track.steps.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const nodeName = (id: string) => names.get(id) ?? id;
  return (
    <Timeline
      data-testid="order-track"
      items={track.steps.map((s, i) => ({
        key: `${i}-${s.time}`,
        color: COLOUR[s.action] ?? 'blue',
        content: (
          <Space orientation="vertical" size={2} data-testid={`order-track-step-${i}`}>
            <Space wrap>
              <Typography.Text strong>{words.action(s.action)}</Typography.Text>
              <Typography.Text>{s.userName ?? '-'}</Typography.Text>
              <Typography.Text type="secondary">{labelledInstant(clock, s.time)}</Typography.Text>
              {s.action !== 'slaReminder' && s.action !== 'slaOverdue' && (
                <Typography.Text type="secondary">
                  {s.toNodeId
                    ? t('workOrders.detail.nodeTo', { node: nodeName(s.toNodeId) })
                    : t('workOrders.detail.ended')}
                </Typography.Text>
              )}
            </Space>
            {s.opinion && <Typography.Paragraph style={{ marginBottom: 0 }}>{s.opinion}</Typography.Paragraph>}
            {s.attachments.length > 0 && <OrderFileList files={s.attachments} />}
          </Space>
        ),
      }))}
    />
  );
}
