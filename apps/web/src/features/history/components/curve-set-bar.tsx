import { DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import type { CurveItem, CurveSet } from '@ess/contract';
import { requestMessages } from '@ess/contract';
import { Button, Checkbox, Form, Input, Modal, Popconfirm, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/api/notifier';
import { serverText } from '@/lib/i18n/server-text';
import { useUserInfo } from '@/lib/session/api/get-user-info';
import { useCurveSets, useDeleteCurveSet, useSaveCurveSet } from '../api/curve-sets';

/**
 * Saved curve sets (spec 7 `hisCurveRelate`): apply one of the user's sets of this station,
 * save the current indicators under a name (replacing a set of that name when asked), delete.
 * Sets are personal; the shared demo account can only apply.
 */
export function CurveSetBar({
  stationId,
  items,
  onApply,
}: {
  stationId: number;
  items: readonly CurveItem[];
  onApply: (items: CurveItem[]) => void;
}) {
  const { t } = useTranslation();
  const user = useUserInfo();
  const sets = useCurveSets(stationId);
  const save = useSaveCurveSet();
  const remove = useDeleteCurveSet();
  const [current, setCurrent] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ name: string; overwrite: boolean }>();
  const canSave = !user.data?.demo;
  const list = sets.data?.list ?? [];

  const apply = (set: CurveSet) => {
    const ok = set.items.filter((i) => i.available).map(({ deviceId, code }) => ({ deviceId, code }));
    const gone = set.items.length - ok.length;
    if (gone > 0) notify.warning(t('history.sets.unavailable', { count: gone }));
    setCurrent(set.id);
    onApply(ok);
  };

  const submit = async () => {
    const { name, overwrite } = await form.validateFields();
    const same = list.find((s) => s.name === name.trim());
    await save.mutateAsync({
      stationId,
      name: name.trim(),
      items: [...items],
      ...(same && overwrite ? { id: same.id } : {}),
    });
    notify.success(serverText(requestMessages.ok));
    setSaving(false);
  };

  return (
    <Space size={6} wrap>
      <Select<number>
        data-testid="history-sets"
        style={{ minWidth: 200 }}
        // The list is as wide as its entries (names are not cut), at most the window's width.
        popupMatchSelectWidth={false}
        placeholder={t('history.sets.placeholder')}
        loading={sets.isPending}
        value={current !== null && list.some((s) => s.id === current) ? current : undefined}
        notFoundContent={t('history.sets.empty')}
        onChange={(id) => {
          const set = list.find((s) => s.id === id);
          if (set) apply(set);
        }}
        options={list.map((s) => ({ value: s.id, label: s.name }))}
        optionRender={(o) => {
          const s = list.find((x) => x.id === o.value);
          return (
            <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8 }}>
              <span
                className="ess-ident"
                title={s ? `${s.name} · ${t('history.sets.count', { count: s.items.length })}` : undefined}
              >
                {s?.name}{' '}
                <Typography.Text type="secondary">
                  {t('history.sets.count', { count: s?.items.length ?? 0 })}
                </Typography.Text>
              </span>
              {canSave && s ? (
                <Popconfirm
                  title={t('history.sets.deleteConfirm', { name: s.name })}
                  onConfirm={(e) => {
                    e?.stopPropagation();
                    void remove.mutateAsync(s.id).then(() => notify.success(t('history.sets.deleted')));
                  }}
                  onCancel={(e) => e?.stopPropagation()}
                >
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('history.sets.delete')}
                    onClick={(e) => e.stopPropagation()}
                  />
                </Popconfirm>
              ) : null}
            </div>
          );
        }}
      />
      {canSave ? (
        <Button
          icon={<SaveOutlined />}
          disabled={items.length === 0}
          data-testid="history-save-set"
          onClick={() => {
            form.setFieldsValue({ name: list.find((s) => s.id === current)?.name ?? '', overwrite: current !== null });
            setSaving(true);
          }}
        >
          {t('history.sets.save')}
        </Button>
      ) : null}
      <Modal
        open={saving}
        title={t('history.sets.save')}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        confirmLoading={save.isPending}
        onCancel={() => setSaving(false)}
        onOk={() => void submit().catch(() => undefined)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="name"
            label={t('history.sets.name')}
            rules={[{ required: true, whitespace: true, message: t('history.sets.nameRequired') }, { max: 64 }]}
          >
            <Input maxLength={64} data-testid="history-set-name" autoFocus />
          </Form.Item>
          <Form.Item name="overwrite" valuePropName="checked">
            <Checkbox>{t('history.sets.overwrite')}</Checkbox>
          </Form.Item>
          <Typography.Text type="secondary">{t('history.sets.count', { count: items.length })}</Typography.Text>
        </Form>
      </Modal>
    </Space>
  );
}
