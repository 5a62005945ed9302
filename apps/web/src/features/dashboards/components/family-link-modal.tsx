import { dashboardApi } from '@ess/contract';
import { Button, Flex, Input, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '@/components/crud';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { notify } from '@/lib/api/notifier';
import { usePlatformTime } from '@/lib/format/platform-time';
import { stationsOf } from '@/lib/session/api/get-stations';
import { useCurrentStation } from '@/lib/station/current-station';
import styles from './link-modal.module.css';

/** The household view's address, its token in the fragment (never sent to a server). */
export const familyUrl = (token: string) => `${window.location.origin}/family#token=${encodeURIComponent(token)}`;

/** Makes, replaces or revokes a station's household view link (/family); a new one is shown once. */
export function FamilyLinkModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const clock = usePlatformTime();
  const current = useCurrentStation();
  const [picked, setPicked] = useState<number | null>(null);
  const stationId = picked ?? current.stationId;
  const state = useEndpoint(dashboardApi.familyLink, open && stationId !== null ? { stationId } : null);
  const invalidate = { invalidate: [dashboardApi.familyLink] };
  const publish = useEndpointMutation(dashboardApi.familyPublish, invalidate);
  const revoke = useEndpointMutation(dashboardApi.familyUnpublish, invalidate);
  const [token, setToken] = useState<string | null>(null);
  const close = () => {
    setToken(null);
    onClose();
  };
  const published = state.data?.publishedAt ?? null;
  return (
    <Modal
      open={open}
      title={t('family.linkTitle')}
      onCancel={close}
      footer={null}
      destroyOnHidden
      data-testid="family-link"
    >
      <Typography.Paragraph type="secondary">{t('family.linkHint')}</Typography.Paragraph>
      <Select
        className={styles.station}
        value={stationId ?? undefined}
        onChange={(id: number) => {
          setPicked(id);
          setToken(null);
        }}
        showSearch
        optionFilterProp="label"
        options={stationsOf(current.stations.data).map((s) => ({ value: s.id, label: s.name }))}
        aria-label={t('dashboards.station')}
      />
      <Typography.Paragraph data-testid="family-link-state">
        {published ? t('dashboards.publishedAt', { at: clock.shortDateTime(published) }) : t('dashboards.notPublished')}
      </Typography.Paragraph>
      {token && (
        <Flex vertical gap={8} className={styles.once}>
          <Typography.Text strong>{t('dashboards.linkOnce')}</Typography.Text>
          <Flex gap={8}>
            <Input readOnly value={familyUrl(token)} data-testid="family-link-url" />
            <Button
              onClick={() =>
                navigator.clipboard?.writeText(familyUrl(token)).then(
                  () => notify.success(t('dashboards.copied')),
                  () => undefined,
                )
              }
            >
              {t('dashboards.copy')}
            </Button>
          </Flex>
        </Flex>
      )}
      <Flex gap={8} justify="flex-end">
        {published && stationId !== null && (
          <Button
            danger
            loading={revoke.isPending}
            onClick={() =>
              revoke.mutateAsync({ stationId }).then(
                () => {
                  setToken(null);
                  notify.success(t('dashboards.revoked'));
                },
                () => undefined,
              )
            }
          >
            {t('dashboards.revoke')}
          </Button>
        )}
        <Button
          type="primary"
          disabled={stationId === null}
          loading={publish.isPending}
          data-testid="family-make-link"
          onClick={() =>
            stationId !== null &&
            publish.mutateAsync({ stationId }).then(
              (r) => setToken(r.token),
              () => undefined,
            )
          }
        >
          {published ? t('dashboards.publishReplace') : t('dashboards.publishNew')}
        </Button>
      </Flex>
    </Modal>
  );
}
