import { type DashboardRow, dashboardApi } from '@ess/contract';
import { Checkbox, Empty, Modal, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '@/components/crud';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { notify } from '@/lib/api/notifier';

/** Shares a dashboard read-only with roles the user may share with (their own; an administrator's: all). */
export function ShareModal({ dashboard, onClose }: { dashboard: DashboardRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const roles = useEndpoint(dashboardApi.dashboardRoles, dashboard ? {} : null);
  const save = useEndpointMutation(dashboardApi.dashboardShare, { invalidate: [dashboardApi.dashboardList] });
  const [chosen, setChosen] = useState<number[]>([]);
  useEffect(() => setChosen(dashboard?.roleIds ?? []), [dashboard]);
  const submit = async () => {
    if (!dashboard) return;
    await save.mutateAsync({ id: dashboard.id, roleIds: chosen }).then(
      () => {
        notify.success(t('dashboards.shareSaved'));
        onClose();
      },
      () => undefined,
    );
  };
  return (
    <Modal
      open={dashboard !== null}
      title={t('dashboards.shareTitle', { name: dashboard?.name ?? '' })}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={save.isPending}
      okText={t('crud.save')}
      cancelText={t('crud.cancel')}
      destroyOnHidden
      data-testid="dashboard-share"
    >
      <Typography.Paragraph type="secondary">{t('dashboards.shareHint')}</Typography.Paragraph>
      {roles.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : roles.data?.length ? (
        <Checkbox.Group
          value={chosen}
          onChange={(v) => setChosen(v as number[])}
          options={roles.data.map((r) => ({ value: r.id, label: r.name }))}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
    </Modal>
  );
}
