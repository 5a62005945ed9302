import { LoadingOutlined } from '@ant-design/icons';
import { Space, Typography } from 'antd';
import { CommandStateTag } from './command-state-tag';
import { useCommandState } from './use-command-state';

/**
 * One command's live delivery state: the in-progress tag with a spinner while pending or sent,
 * then success, failure, timeout or cancelled with the device's message.
 */
export function CommandProgress({ id, stationId }: { id: number; stationId: number | null }) {
  const { state, inFlight, message } = useCommandState(id, stationId);
  if (!state) return <LoadingOutlined data-testid={`command-${id}-loading`} />;
  return (
    <Space size={4} data-testid={`command-${id}`}>
      {inFlight ? <LoadingOutlined /> : null}
      <CommandStateTag state={state} />
      {!inFlight && message ? (
        <Typography.Text type={state === 'success' ? 'secondary' : 'danger'} data-testid={`command-${id}-message`}>
          {message}
        </Typography.Text>
      ) : null}
    </Space>
  );
}
