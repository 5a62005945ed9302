import { type AlarmListRow, ORDER_TYPE, workorderApi } from '@ess/contract';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Permission } from '@/components/permission';
import { newOrderLink } from '@/lib/menu/cross-links';

/**
 * 转工单 on an alarm without a work order, for those who may open orders: the new-order form
 * of the work orders, filled with the alarm's station, device, id and text as a fault repair.
 * The server refuses a second running order for the alarm.
 */
export function ToOrderButton({ event }: { event: AlarmListRow }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (event.workOrder !== null) return null;
  const link = newOrderLink({
    stationId: event.stationId,
    deviceId: event.deviceId ?? undefined,
    alarmEventId: event.id,
    title: event.content,
    orderType: ORDER_TYPE.faultRepair,
  });
  return (
    <Permission endpoint={workorderApi.workorderOrderAdd}>
      <Button type="link" size="small" onClick={() => navigate(link)} data-testid={`alarm-to-order-${event.id}`}>
        {t('alarm.toOrder')}
      </Button>
    </Permission>
  );
}
