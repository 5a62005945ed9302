import { usePageTitle } from '@/lib/menu/page-title';
import { OrderList } from '../components/order-list';

export const ALL_ORDERS_PATH = '/task/all-task';

/** All work orders of the caller's station scope (/task/all-task, `task:all:query`), with Excel export. */
export function AllOrdersPage() {
  const title = usePageTitle(ALL_ORDERS_PATH);
  return <OrderList scope="all" detailPath="/task/all-task-detail" title={title} testId="order-all" exportable />;
}
