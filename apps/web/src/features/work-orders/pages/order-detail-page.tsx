import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Result, Skeleton, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useStationsClock } from '@/lib/format/platform-time';
import { usePageTitle } from '@/lib/menu/page-title';
import { useOrderDetail, useOrderDiagram, useOrderTrack } from '../api/orders';
import { OrderActionDialog, type OrderStep } from '../components/action-dialog';
import { nodeNames } from '../components/node-names';
import { OrderDiagram } from '../components/order-diagram';
import { OrderFields } from '../components/order-fields';
import { OrderStepButtons } from '../components/order-step-buttons';
import { OrderTrackTimeline } from '../components/order-track';

/** Each detail path and the list it belongs to (spec 2: the detail picked from the menu goes there). */
const LIST_OF: Record<string, string> = {
  '/operational-inspection/all-task-detail': '/operational-inspection/task',
  '/task/all-task-detail': '/task/all-task',
};

/**
 * One work order (`…/all-task-detail?id=`): every field, the actions the caller may take, the
 * track as a timeline and the process diagram with the nodes waiting now. Without an id (picked
 * from the menu) it is the list's page.
 */
export function OrderDetailPage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = raw !== null && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
  const list = LIST_OF[pathname] ?? '/operational-inspection/task';
  if (id === null) return <Navigate to={list} replace />;
  return <OrderDetail key={id} id={id} list={list} />;
}

function OrderDetail({ id, list }: { id: number; list: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const title = usePageTitle(pathname);
  const detail = useOrderDetail(id);
  const track = useOrderTrack(id);
  const diagram = useOrderDiagram(id);
  const [step, setStep] = useState<OrderStep | null>(null);
  const clockOf = useStationsClock();
  const order = detail.data;
  // The server's names of earlier nodes are in the interface language; the process XML names the rest.
  const names = useMemo(
    () => new Map([...nodeNames(diagram.data?.xml), ...(order?.backNodes ?? []).map((n) => [n.id, n.name] as const)]),
    [diagram.data?.xml, order?.backNodes],
  );

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(list)} data-testid="order-back-to-list">
      {t('workOrders.detail.back')}
    </Button>
  );
  if (detail.isError && !order) return <Result status="warning" title={t('workOrders.detail.notFound')} extra={back} />;
  if (!order) return <Skeleton active />;
  const clock = clockOf([order.stationId]);

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="order-detail-page">
      <Card
        title={`${title} · ${order.number}`}
        extra={
          <Space wrap>
            <OrderStepButtons order={order} onPick={setStep} />
            {back}
          </Space>
        }
      >
        <OrderFields order={order} clock={clock} />
      </Card>
      <Card title={t('workOrders.detail.track')} size="small">
        {track.data ? (
          <OrderTrackTimeline track={track.data} clock={clock} names={names} />
        ) : (
          <Skeleton active={track.isPending} />
        )}
      </Card>
      <Card title={t('workOrders.detail.diagram')} size="small">
        {diagram.data && (
          <OrderDiagram
            xml={diagram.data.xml}
            activeNodeIds={diagram.data.activeNodeIds}
            doneNodeIds={diagram.data.doneNodeIds}
          />
        )}
      </Card>
      {step && (
        <OrderActionDialog
          step={step}
          onClose={() => setStep(null)}
          onDone={(s) => {
            if (s.action === 'delete') navigate(list, { replace: true });
          }}
        />
      )}
    </Space>
  );
}
