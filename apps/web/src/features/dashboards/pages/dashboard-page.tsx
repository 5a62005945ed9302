import { PlusOutlined } from '@ant-design/icons';
import { DASHBOARD_MAX_WIDGETS, type DashboardRow, type DashboardWidget, dashboardApi } from '@ess/contract';
import { Button, Card, Empty, Form, Input, Popconfirm, Select, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FormModal, useEndpointMutation } from '@/components/crud';
import { Permission } from '@/components/permission';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { notify } from '@/lib/api/notifier';
import { useFormat } from '@/lib/format/use-format';
import { usePageTitle } from '@/lib/menu/page-title';
import { DashboardGrid } from '../components/dashboard-grid';
import { FamilyLinkModal } from '../components/family-link-modal';
import { PublishModal } from '../components/publish-modal';
import { ShareModal } from '../components/share-modal';
import { WidgetForm } from '../components/widget-form';
import styles from './dashboard-page.module.css';

/** How often a dashboard's widgets are read again. */
const REFRESH_MS = 10_000;

/**
 * Dashboards (/surveillance/dashboard, issue 25 part 5): the user's own and those shared with
 * their roles; their own they lay out (widgets on a 12-column grid), rename, delete, share and
 * publish through a link. The chosen dashboard is in the address (`?id=`).
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const title = usePageTitle('/surveillance/dashboard');
  const [params, setParams] = useSearchParams();
  const list = useEndpoint(dashboardApi.dashboardList, {});
  const rows = list.data ?? [];
  const asked = Number(params.get('id'));
  const chosen = rows.find((r) => r.id === asked) ?? rows[0] ?? null;
  const data = useEndpoint(dashboardApi.dashboardData, chosen ? { id: chosen.id } : null, {
    refetchInterval: REFRESH_MS,
  });
  const invalidate = { invalidate: [dashboardApi.dashboardList, dashboardApi.dashboardData] };
  const add = useEndpointMutation(dashboardApi.dashboardAdd, invalidate);
  const update = useEndpointMutation(dashboardApi.dashboardUpdate, invalidate);
  const remove = useEndpointMutation(dashboardApi.dashboardDelete, invalidate);
  // The layout being edited, of one dashboard: choosing another leaves it unsaved and unshown.
  const [draftOf, setDraftOf] = useState<{ id: number; widgets: DashboardWidget[] } | null>(null);
  const [naming, setNaming] = useState<'add' | 'rename' | null>(null);
  const [editing, setEditing] = useState<DashboardWidget | null | undefined>(undefined);
  const [sharing, setSharing] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const [family, setFamily] = useState(false);
  const choose = (id: number) => setParams({ id: String(id) }, { replace: true });

  const draft = draftOf && draftOf.id === chosen?.id ? draftOf.widgets : null;
  const setDraft = (widgets: DashboardWidget[] | null) =>
    setDraftOf(widgets && chosen ? { id: chosen.id, widgets } : null);

  const saveDraft = async () => {
    if (!chosen || !draft) return;
    await update.mutateAsync({ id: chosen.id, name: chosen.name, widgets: draft }).then(
      () => {
        setDraft(null);
        notify.success(t('dashboards.saved'));
      },
      () => undefined,
    );
  };
  const applyWidget = (w: DashboardWidget) => {
    const base = draft ?? chosen?.widgets ?? [];
    setDraft(base.some((x) => x.key === w.key) ? base.map((x) => (x.key === w.key ? w : x)) : [...base, w]);
  };

  const picker = (
    <Select
      className={styles.picker}
      value={chosen?.id}
      onChange={choose}
      aria-label={t('dashboards.choose')}
      data-testid="dashboard-picker"
      options={[
        {
          label: t('dashboards.mine'),
          options: rows.filter((r) => r.mine).map((r) => ({ value: r.id, label: r.name })),
        },
        ...[...new Set(rows.filter((r) => !r.mine).map((r) => r.ownerName))].map((owner) => ({
          label: t('dashboards.sharedBy', { owner }),
          options: rows.filter((r) => !r.mine && r.ownerName === owner).map((r) => ({ value: r.id, label: r.name })),
        })),
      ].filter((g) => g.options.length > 0)}
    />
  );

  const ownTools = (d: DashboardRow) =>
    draft ? (
      <>
        <Button
          icon={<PlusOutlined />}
          onClick={() => setEditing(null)}
          disabled={draft.length >= DASHBOARD_MAX_WIDGETS}
          data-testid="dashboard-add-widget"
        >
          {t('dashboards.addWidget')}
        </Button>
        <Button onClick={() => setDraft(null)}>{t('dashboards.discard')}</Button>
        <Button type="primary" loading={update.isPending} onClick={saveDraft} data-testid="dashboard-save">
          {t('dashboards.save')}
        </Button>
      </>
    ) : (
      <>
        <Button onClick={() => setDraft(d.widgets)} data-testid="dashboard-edit">
          {t('dashboards.edit')}
        </Button>
        <Button onClick={() => setNaming('rename')}>{t('dashboards.rename')}</Button>
        <Permission endpoint={dashboardApi.dashboardShare}>
          <Button onClick={() => setSharing(true)} data-testid="dashboard-share-open">
            {t('dashboards.share')}
          </Button>
        </Permission>
        <Permission endpoint={dashboardApi.dashboardPublish}>
          <Button onClick={() => setPublishing(true)} data-testid="dashboard-publish-open">
            {t('dashboards.publish')}
          </Button>
        </Permission>
        <Popconfirm
          title={t('dashboards.deleteConfirm', { name: d.name })}
          onConfirm={() =>
            remove.mutateAsync({ id: d.id }).then(
              () => setParams({}, { replace: true }),
              () => undefined,
            )
          }
        >
          <Button danger>{t('dashboards.delete')}</Button>
        </Popconfirm>
      </>
    );

  const widgets = draft ?? chosen?.widgets ?? [];
  return (
    <Card title={title} data-testid="dashboard-page">
      <Typography.Paragraph type="secondary">{t('dashboards.subtitle')}</Typography.Paragraph>
      <div className={styles.bar}>
        {rows.length > 0 && picker}
        <Button icon={<PlusOutlined />} onClick={() => setNaming('add')} data-testid="dashboard-new">
          {t('dashboards.add')}
        </Button>
        <Permission endpoint={dashboardApi.familyPublish}>
          <Button onClick={() => setFamily(true)} data-testid="family-link-open">
            {t('family.linkOpen')}
          </Button>
        </Permission>
        {chosen && !chosen.mine && <Tag>{t('dashboards.readOnly', { owner: chosen.ownerName })}</Tag>}
        <span className={styles.spacer} />
        {chosen && data.dataUpdatedAt > 0 && (
          <span className={styles.updated}>{t('dashboards.updated', { ago: f.ago(data.dataUpdatedAt) })}</span>
        )}
        {chosen?.mine && ownTools(chosen)}
      </div>
      {list.isPending ? (
        <Skeleton active />
      ) : !chosen ? (
        <Empty description={t('dashboards.none')} />
      ) : widgets.length === 0 ? (
        <Empty description={t('dashboards.empty')} />
      ) : (
        <DashboardGrid
          widgets={widgets}
          data={data.data}
          tone="page"
          live
          onChange={draft ? setDraft : undefined}
          onEdit={(w) => setEditing(w)}
        />
      )}
      <FormModal<{ name: string }>
        open={naming !== null}
        title={naming === 'rename' ? t('dashboards.rename') : t('dashboards.add')}
        initialValues={{ name: naming === 'rename' ? (chosen?.name ?? '') : '' }}
        onClose={() => setNaming(null)}
        onSubmit={async ({ name }) => {
          if (naming === 'rename' && chosen) {
            await update.mutateAsync({ id: chosen.id, name, widgets: chosen.widgets });
          } else {
            const made = await add.mutateAsync({ name, widgets: [] });
            choose(made.id);
            setDraftOf({ id: made.id, widgets: [] });
          }
        }}
        testId="dashboard-name-form"
      >
        <Form.Item name="name" label={t('dashboards.name')} rules={[{ required: true, whitespace: true, max: 64 }]}>
          <Input maxLength={64} data-testid="dashboard-name" />
        </Form.Item>
      </FormModal>
      <WidgetForm
        open={editing !== undefined}
        widget={editing ?? null}
        widgets={widgets}
        onApply={applyWidget}
        onClose={() => setEditing(undefined)}
      />
      <ShareModal dashboard={sharing ? chosen : null} onClose={() => setSharing(false)} />
      <PublishModal dashboard={publishing ? chosen : null} onClose={() => setPublishing(false)} />
      <FamilyLinkModal open={family} onClose={() => setFamily(false)} />
    </Card>
  );
}
