import { ALARM_LIMITS } from '@ess/contract';
import { Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/api/notifier';
import { useConfirmAlarms } from '../api/alarm-events';

/**
 * Confirms one or more alarms with a remark; closes and says how many were confirmed. A failure
 * is shown by the API client (spec 8) and leaves the dialog open.
 */
export function ConfirmDialog({ ids, onClose }: { ids: number[] | null; onClose: (done: boolean) => void }) {
  const { t } = useTranslation();
  const [remark, setRemark] = useState('');
  const confirm = useConfirmAlarms();
  const count = ids?.length ?? 0;
  const submit = async () => {
    if (!ids) return;
    try {
      const r = await confirm.mutateAsync({ ids, remark: remark.trim() });
      notify.success(t('alarm.confirm.done', { count: r.confirmed }));
      setRemark('');
      onClose(true);
    } catch {
      // Shown by the client.
    }
  };
  return (
    <Modal
      open={ids !== null}
      title={t('alarm.confirm.title', { count })}
      okText={t('alarm.confirm.ok')}
      onOk={() => void submit()}
      onCancel={() => onClose(false)}
      confirmLoading={confirm.isPending}
      destroyOnHidden
    >
      <label htmlFor="alarm-confirm-remark">{t('alarm.confirm.remark')}</label>
      <Input.TextArea
        id="alarm-confirm-remark"
        data-testid="alarm-confirm-remark"
        value={remark}
        onChange={(e) => setRemark(e.target.value)}
        maxLength={ALARM_LIMITS.remark}
        showCount
        rows={3}
        placeholder={t('alarm.confirm.remarkPlaceholder')}
      />
    </Modal>
  );
}
