import { AlertOutlined, InfoCircleOutlined, ToolOutlined } from '@ant-design/icons';
import { MESSAGE_TYPE } from '@ess/contract';
import { theme } from 'antd';
import { useMessageWords } from './message-words';

/** The icon of a message type (spec 2 bell: icon by type): hint, fault, alarm. */
export function MessageTypeIcon({ type }: { type: number }) {
  const { token } = theme.useToken();
  const { typeName } = useMessageWords();
  const label = typeName(type);
  if (type === MESSAGE_TYPE.alarm)
    return <AlertOutlined style={{ color: token.colorError }} aria-label={label} data-testid="message-icon-alarm" />;
  if (type === MESSAGE_TYPE.fault)
    return <ToolOutlined style={{ color: token.colorWarning }} aria-label={label} data-testid="message-icon-fault" />;
  return <InfoCircleOutlined style={{ color: token.colorInfo }} aria-label={label} data-testid="message-icon-hint" />;
}
