import { UPGRADE_DEFAULT_WAVES, type UpgradeTarget, upgradeApi } from '@ess/contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  DatePicker,
  Drawer,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Table,
  Tag,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useControlPassword } from '@/components/control-password';
import { call } from '@/lib/api/client';
import { refetchEndpoints, useEndpoint } from '@/lib/api/endpoint-query';
import { notify } from '@/lib/api/notifier';
import { clockOfZones, usePlatformTime } from '@/lib/format/platform-time';
import { useLang } from '@/lib/i18n/use-lang';
import { stationsOf, useStations } from '@/lib/session/api/get-stations';
import { parseWaves } from './wave-input';

type Values = {
  packageId?: number;
  stationId?: number;
  currentVersion?: string;
  waves: string;
  maxFailurePct: number;
  when: 'now' | 'scheduled';
  startAt?: Dayjs | null;
  reason: string;
};

const NO_VERSION = '';

/**
 * A new upgrade task: a package, its model's devices in the caller's stations (filtered by station
 * and current version), waves, failure threshold, start now or at a time (the stations' clock when
 * they share one), a reason, then the password re-entered.
 */
export function TaskFormDrawer({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const qc = useQueryClient();
  const password = useControlPassword();
  const [form] = Form.useForm<Values>();
  const [chosen, setChosen] = useState<number[]>([]);
  const [snText, setSnText] = useState('');
  const packageId = Form.useWatch('packageId', form);
  const stationId = Form.useWatch('stationId', form);
  const currentVersion = Form.useWatch('currentVersion', form);
  const when = Form.useWatch('when', form);
  const packages = useEndpoint(upgradeApi.upgradePackagePage, open ? { pageNum: 1, pageSize: 200 } : null);
  const pkg = packages.data?.rows.find((p) => p.id === packageId);
  const targets = useEndpoint(
    upgradeApi.upgradeTargets,
    pkg
      ? {
          modelCode: pkg.modelCode,
          ...(stationId ? { stationId } : {}),
          ...(currentVersion !== undefined ? { currentVersion } : {}),
        }
      : null,
  );
  const stations = stationsOf(useStations(lang).data);
  const zones = [
    ...new Set((targets.data ?? []).map((d) => stations.find((s) => s.id === d.stationId)?.timezone ?? '')),
  ];
  const clock = clockOfZones(
    zones.filter((z) => z !== ''),
    usePlatformTime(),
  );
  const versions = [...new Set((targets.data ?? []).map((d) => d.version ?? NO_VERSION))];
  const needle = snText.trim().toLowerCase();
  const shown = (targets.data ?? []).filter((d) => !needle || d.sn.toLowerCase().includes(needle));

  const close = () => {
    form.resetFields();
    setChosen([]);
    setSnText('');
    onClose();
  };
  const submit = async () => {
    const v = await form.validateFields();
    const waves = parseWaves(v.waves);
    if (!pkg || !waves || chosen.length === 0) return;
    const startAt = v.when === 'scheduled' && v.startAt ? clock.fromPicker(v.startAt) : undefined;
    const answer = await password.confirm(
      (sealed, opts) =>
        call(
          upgradeApi.upgradeTaskAdd,
          {
            packageId: pkg.id,
            deviceIds: chosen,
            waves,
            maxFailurePct: v.maxFailurePct,
            reason: v.reason,
            ...(startAt !== undefined ? { startAt } : {}),
            ...sealed,
          },
          opts,
        ),
      { title: t('deviceUpgrade.task.confirmTitle', { count: chosen.length, version: pkg.version }) },
    );
    if (!answer) return;
    notify.success(t('deviceUpgrade.task.created'));
    await refetchEndpoints(qc, [upgradeApi.upgradeTaskPage, upgradeApi.upgradePackagePage]);
    close();
    onCreated(answer.id);
  };

  return (
    <Drawer
      open={open}
      onClose={close}
      title={t('deviceUpgrade.task.add')}
      size="large"
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            onClick={() => void submit()}
            disabled={chosen.length === 0}
            data-testid="upgrade-task-submit"
          >
            {t('common.confirm')}
          </Button>
        </Space>
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ waves: UPGRADE_DEFAULT_WAVES.join(', '), maxFailurePct: 10, when: 'now' }}
        onValuesChange={(changed) => {
          if ('packageId' in changed || 'stationId' in changed || 'currentVersion' in changed) setChosen([]);
        }}
      >
        <Form.Item name="packageId" label={t('deviceUpgrade.task.package')} rules={[{ required: true }]}>
          <Select
            data-testid="upgrade-task-package"
            loading={packages.isLoading}
            options={(packages.data?.rows ?? []).map((p) => ({ value: p.id, label: `${p.modelCode} · ${p.version}` }))}
          />
        </Form.Item>
        <Flex wrap gap="0 12px">
          <Form.Item name="stationId" label={t('deviceUpgrade.task.station')} style={{ minWidth: 220, flex: 1 }}>
            <Select
              allowClear
              placeholder={t('deviceUpgrade.task.allStations')}
              options={stations.map((s) => ({ value: s.id, label: s.name }))}
              showSearch
              optionFilterProp="label"
            />
          </Form.Item>
          <Form.Item
            name="currentVersion"
            label={t('deviceUpgrade.task.currentVersion')}
            style={{ minWidth: 180, flex: 1 }}
          >
            <Select
              allowClear
              placeholder={t('deviceUpgrade.task.anyVersion')}
              options={versions.map((v) => ({
                value: v,
                label: v === NO_VERSION ? t('deviceUpgrade.task.noVersion') : v,
              }))}
            />
          </Form.Item>
        </Flex>
        <Form.Item label={t('deviceUpgrade.task.targets', { count: chosen.length })} required>
          {!pkg ? (
            <Alert type="info" showIcon message={t('deviceUpgrade.task.pickPackage')} />
          ) : (
            <Flex vertical gap={8}>
              <Input.Search
                allowClear
                placeholder={t('deviceUpgrade.task.searchSn')}
                value={snText}
                onChange={(e) => setSnText(e.target.value)}
                data-testid="upgrade-task-sn"
                style={{ maxWidth: 320 }}
              />
              <Table<UpgradeTarget>
                data-testid="upgrade-task-targets"
                rowKey="deviceId"
                size="small"
                loading={targets.isFetching}
                dataSource={shown}
                pagination={{ pageSize: 8, showSizeChanger: false }}
                rowSelection={{
                  selectedRowKeys: chosen,
                  onChange: (keys) => setChosen(keys.map(Number)),
                  selections: [Table.SELECTION_ALL, Table.SELECTION_INVERT, Table.SELECTION_NONE],
                }}
                columns={[
                  { title: 'SN', dataIndex: 'sn' },
                  { title: t('deviceUpgrade.task.station'), dataIndex: 'stationName', ellipsis: true },
                  {
                    title: t('deviceUpgrade.task.currentVersion'),
                    dataIndex: 'version',
                    render: (v: string | null) => v ?? t('deviceUpgrade.task.noVersion'),
                  },
                  {
                    title: '',
                    dataIndex: 'online',
                    render: (on: boolean) => (
                      <Tag color={on ? 'success' : 'default'}>
                        {t(on ? 'deviceUpgrade.task.online' : 'deviceUpgrade.task.offline')}
                      </Tag>
                    ),
                  },
                ]}
              />
            </Flex>
          )}
        </Form.Item>
        <Flex wrap gap="0 12px">
          <Form.Item
            name="waves"
            label={t('deviceUpgrade.task.waves')}
            extra={t('deviceUpgrade.task.wavesHint')}
            style={{ minWidth: 220, flex: 2 }}
            rules={[
              {
                validator: (_, v: string) =>
                  parseWaves(v ?? '')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('deviceUpgrade.task.wavesInvalid'))),
              },
            ]}
          >
            <Input data-testid="upgrade-task-waves" />
          </Form.Item>
          <Form.Item
            name="maxFailurePct"
            label={t('deviceUpgrade.task.maxFailure')}
            extra={t('deviceUpgrade.task.maxFailureHint')}
            style={{ minWidth: 180, flex: 1 }}
            rules={[{ required: true, type: 'number', min: 0, max: 100 }]}
          >
            <InputNumber
              min={0}
              max={100}
              precision={1}
              style={{ width: '100%' }}
              data-testid="upgrade-task-threshold"
            />
          </Form.Item>
        </Flex>
        <Form.Item name="when" label={clock.withZone(t('deviceUpgrade.task.startAt'))}>
          <Radio.Group
            options={[
              { value: 'now', label: t('deviceUpgrade.task.startNow') },
              { value: 'scheduled', label: t('deviceUpgrade.task.scheduled') },
            ]}
          />
        </Form.Item>
        {when === 'scheduled' && (
          <Form.Item name="startAt" rules={[{ required: true }]}>
            <DatePicker showTime />
          </Form.Item>
        )}
        <Form.Item
          name="reason"
          label={t('deviceUpgrade.task.reason')}
          rules={[{ required: true, whitespace: true, max: 500 }]}
        >
          <Input.TextArea rows={2} maxLength={500} data-testid="upgrade-task-reason" />
        </Form.Item>
      </Form>
      {password.modal}
    </Drawer>
  );
}
