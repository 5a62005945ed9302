import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { configApi, requestMessages, TOPOLOGY_ROUTE, type TopologyJumpItem, type TopologyTarget } from '@ess/contract';
import { Button, Card, Empty, Form, Input, Select, Space } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '@/components/permission';
import { notify } from '@/lib/api/notifier';
import { serverText } from '@/lib/i18n/server-text';
import { useCurrentStation } from '@/lib/station/current-station';
import { flattenDevices, useDeviceTree } from '@/lib/station/device-tree';
import { useSaveTopologyJumps, useTopologyJumps } from '../api/topology-jumps';

type Row = { nodeKey?: string; targetKind: TopologyTarget; targetRoute?: string; targetDeviceId?: number };
type Values = { items: Row[] };

/**
 * Topology jump configuration of the current station: per device node of the PCS topology, the
 * page or device a click opens. Saved as a whole.
 */
export function TopologyJumpCard() {
  const { t } = useTranslation();
  const { stationId, station } = useCurrentStation();
  const [form] = Form.useForm<Values>();
  const saved = useTopologyJumps(stationId);
  const tree = useDeviceTree(stationId);
  const save = useSaveTopologyJumps();
  const devices = useMemo(() => flattenDevices(tree.data), [tree.data]);

  const initial = useMemo<Values>(
    () => ({
      items: (saved.data ?? []).map((r) => ({
        nodeKey: r.nodeKey,
        targetKind: r.targetKind,
        targetRoute: r.targetRoute ?? undefined,
        targetDeviceId: r.targetDeviceId ?? undefined,
      })),
    }),
    [saved.data],
  );

  if (stationId === null) return <Empty description={t('stationConfig.noStation')} />;
  // The diagram's clickable nodes are its devices, named by serial number.
  const nodeOptions = devices.map((d) => ({ value: d.sn, label: `${d.name} (${d.sn})` }));
  const deviceOptions = devices.map((d) => ({ value: d.id, label: `${d.name} (${d.sn})` }));
  const required = { required: true, message: t('stationConfig.problems.required') };

  const submit = async (v: Values) => {
    const items: TopologyJumpItem[] = (v.items ?? []).map((r) => ({
      nodeKey: r.nodeKey ?? '',
      targetKind: r.targetKind,
      targetRoute: r.targetKind === 'route' ? (r.targetRoute ?? null) : null,
      targetDeviceId: r.targetKind === 'device' ? (r.targetDeviceId ?? null) : null,
    }));
    await save.mutateAsync({ stationId, items });
    notify.success(serverText(requestMessages.ok));
  };

  return (
    <Card
      title={`${t('stationConfig.topology.title')} · ${station?.name ?? ''}`}
      loading={saved.isPending}
      data-testid="topology-jump-card"
    >
      <Form<Values>
        key={`${stationId}-${saved.dataUpdatedAt}`}
        form={form}
        name="topology-jumps"
        initialValues={initial}
        onFinish={(v) => submit(v).catch(() => undefined)}
      >
        <Form.List name="items">
          {(fields, { add, remove }) => (
            <>
              {fields.length === 0 && <Empty description={t('stationConfig.topology.empty')} />}
              {fields.map((f) => (
                <Space key={f.key} align="baseline" wrap data-testid="topology-jump-row">
                  <Form.Item name={[f.name, 'nodeKey']} rules={[required]}>
                    <Select
                      showSearch
                      style={{ width: 240 }}
                      placeholder={t('stationConfig.topology.node')}
                      options={nodeOptions}
                      optionFilterProp="label"
                    />
                  </Form.Item>
                  <Form.Item name={[f.name, 'targetKind']} rules={[required]}>
                    <Select
                      style={{ width: 110 }}
                      options={[
                        { value: 'route', label: t('stationConfig.topology.route') },
                        { value: 'device', label: t('stationConfig.topology.device') },
                      ]}
                    />
                  </Form.Item>
                  <Form.Item noStyle dependencies={[['items', f.name, 'targetKind']]}>
                    {() =>
                      form.getFieldValue(['items', f.name, 'targetKind']) === 'device' ? (
                        <Form.Item name={[f.name, 'targetDeviceId']} rules={[required]}>
                          <Select
                            showSearch
                            style={{ width: 260 }}
                            placeholder={t('stationConfig.topology.device')}
                            options={deviceOptions}
                            optionFilterProp="label"
                          />
                        </Form.Item>
                      ) : (
                        <Form.Item
                          name={[f.name, 'targetRoute']}
                          rules={[
                            required,
                            { pattern: TOPOLOGY_ROUTE, message: t('stationConfig.problems.routeFormat') },
                          ]}
                        >
                          <Input style={{ width: 260 }} placeholder="/surveillance/energy-storage" />
                        </Form.Item>
                      )
                    }
                  </Form.Item>
                  <Button icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label={t('crud.delete')} />
                </Space>
              ))}
              <Permission endpoint={configApi.topologyJumpAdd}>
                <Space style={{ display: 'flex', marginTop: 8 }}>
                  <Button icon={<PlusOutlined />} onClick={() => add({ targetKind: 'route' })}>
                    {t('stationConfig.topology.add')}
                  </Button>
                  <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="topology-jump-save">
                    {t('stationConfig.topology.save')}
                  </Button>
                </Space>
              </Permission>
            </>
          )}
        </Form.List>
      </Form>
    </Card>
  );
}
