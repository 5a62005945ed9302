import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { type HomeBlockSetting, homeConfigApi, requestMessages } from '@ess/contract';
import { Button, Card, Empty, List, Popconfirm, Space, Switch, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '@/components/permission';
import { notify } from '@/lib/api/notifier';
import { labelledInstant, usePlatformTime } from '@/lib/format/platform-time';
import { serverText } from '@/lib/i18n/server-text';
import { useCurrentStation } from '@/lib/station/current-station';
import { useHomeDefault, useResetUserHomes, useSaveHomeDefault } from '../api/home-default';
import { moveItem } from './move-item';

/**
 * The current station's default home page: block order and visibility for every user without
 * their own layout; "apply to all users" drops those layouts so everyone follows it.
 */
export function HomeDefaultCard() {
  const { t } = useTranslation();
  const clock = usePlatformTime();
  const { stationId, station } = useCurrentStation();
  const saved = useHomeDefault(stationId);
  const save = useSaveHomeDefault();
  const reset = useResetUserHomes();
  const [list, setList] = useState<HomeBlockSetting[]>([]);

  useEffect(() => {
    if (saved.data) setList(saved.data.blocks);
  }, [saved.data]);

  if (stationId === null) return <Empty description={t('stationConfig.noStation')} />;
  const none = !list.some((b) => b.visible);

  const submit = () =>
    save.mutateAsync({ stationId, blocks: list }).then(
      () => notify.success(serverText(requestMessages.ok)),
      () => undefined,
    );
  const applyAll = () =>
    reset.mutateAsync({ stationId }).then(
      (r) => notify.success(t('stationConfig.home.applied', { count: r.reset })),
      () => undefined,
    );

  return (
    <Card
      title={`${t('stationConfig.home.title')} · ${station?.name ?? ''}`}
      loading={saved.isPending}
      data-testid="home-default-card"
      extra={
        <Typography.Text type="secondary" data-testid="home-default-state">
          {saved.data?.saved
            ? `${t('stationConfig.home.savedAt')} ${labelledInstant(clock, saved.data.updateTime)}`
            : t('stationConfig.home.builtIn')}
        </Typography.Text>
      }
    >
      <Typography.Paragraph type="secondary">{t('stationConfig.home.hint')}</Typography.Paragraph>
      <List
        bordered
        size="small"
        dataSource={list}
        rowKey="key"
        renderItem={(b, i) => (
          <List.Item data-testid={`home-default-${b.key}`}>
            <Typography.Text type={b.visible ? undefined : 'secondary'}>
              {t(`stationConfig.home.block.${b.key}`)}
            </Typography.Text>
            <Space>
              <Button
                size="small"
                type="text"
                icon={<ArrowUpOutlined />}
                disabled={i === 0}
                aria-label={t('stationConfig.home.moveUp')}
                onClick={() => setList((l) => moveItem(l, i, i - 1))}
              />
              <Button
                size="small"
                type="text"
                icon={<ArrowDownOutlined />}
                disabled={i === list.length - 1}
                aria-label={t('stationConfig.home.moveDown')}
                onClick={() => setList((l) => moveItem(l, i, i + 1))}
              />
              <Switch
                size="small"
                checked={b.visible}
                aria-label={t(`stationConfig.home.block.${b.key}`)}
                onChange={(visible) => setList((l) => l.map((x) => (x.key === b.key ? { ...x, visible } : x)))}
                data-testid={`home-default-${b.key}-visible`}
              />
            </Space>
          </List.Item>
        )}
      />
      <Space style={{ marginTop: 16 }}>
        <Permission endpoint={homeConfigApi.homeDefaultSave}>
          <Tooltip title={none ? t('stationConfig.home.atLeastOne') : undefined}>
            <Button
              type="primary"
              loading={save.isPending}
              disabled={none}
              onClick={submit}
              data-testid="home-default-save"
            >
              {t('stationConfig.home.save')}
            </Button>
          </Tooltip>
        </Permission>
        <Permission endpoint={homeConfigApi.homeDefaultResetUsers}>
          <Popconfirm title={t('stationConfig.home.applyConfirm')} onConfirm={applyAll}>
            <Button loading={reset.isPending} data-testid="home-default-apply">
              {t('stationConfig.home.applyAll')}
            </Button>
          </Popconfirm>
        </Permission>
      </Space>
    </Card>
  );
}
