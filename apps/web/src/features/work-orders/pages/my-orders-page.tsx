import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/lib/menu/page-title';
import { OrderList } from '../components/order-list';

export const MY_ORDERS_PATH = '/operational-inspection/task';
const DETAIL_PATH = '/operational-inspection/all-task-detail';

/** My work orders (/operational-inspection/task): the to-do list (mine to act on) and the done list (I acted on). */
export function MyOrdersPage() {
  const { t } = useTranslation();
  const title = usePageTitle(MY_ORDERS_PATH);
  return (
    <Card title={title} data-testid="my-orders-page">
      <Tabs
        destroyOnHidden
        items={[
          {
            key: 'todo',
            label: t('workOrders.tab.todo'),
            children: <OrderList scope="todo" detailPath={DETAIL_PATH} title={title} testId="order-todo" bare />,
          },
          {
            key: 'done',
            label: t('workOrders.tab.done'),
            children: <OrderList scope="done" detailPath={DETAIL_PATH} title={title} testId="order-done" bare />,
          },
        ]}
      />
    </Card>
  );
}
