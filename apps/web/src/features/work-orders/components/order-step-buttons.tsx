import type { OrderDetail } from '@ess/contract';
import { Button, Space } from 'antd';
import type { OrderStep } from './action-dialog';
import { stepsOf } from './order-actions-menu';
import { useOrderWords } from './order-words';

/** The detail's buttons: the actions the server says the caller may take now, then delete. */
export function OrderStepButtons({ order, onPick }: { order: OrderDetail; onPick: (step: OrderStep) => void }) {
  const words = useOrderWords();
  return (
    <Space wrap>
      {stepsOf(order).map((action) => (
        <Button
          key={action}
          type={action === 'accept' || action === 'finish' ? 'primary' : 'default'}
          danger={action === 'void' || action === 'delete'}
          onClick={() => onPick({ action, order })}
          data-testid={`order-action-${action}`}
        >
          {words.action(action)}
        </Button>
      ))}
    </Space>
  );
}
