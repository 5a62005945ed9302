import {
  PLAN_CURVE_LIMITS,
  type PlanCurveBody,
  type PlanCurveSegment,
  type PlanCurveTemplate,
  planCurveApi,
  planCurveMessages,
  planSegmentsProblem,
  requestMessages,
} from '@ess/contract';
import { Button, Col, Drawer, Form, Input, Modal, Radio, Row, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '@/components/crud';
import { notify } from '@/lib/api/notifier';
import { serverText } from '@/lib/i18n/server-text';
import { useCurrentStation } from '@/lib/station/current-station';
import { PLAN_CURVE_WRITES } from '../api/plan-writes';
import { PlanPreviewChart } from './plan-charts';
import { PLAN_PROBLEM_TEXT } from './plan-problem-text';
import { SegmentTable } from './segment-table';

/** `shared`: for every station (administrators only; the server refuses others), else the station's own. */
type Values = { code: string; name: string; shared: boolean; enabled: boolean; segments: PlanCurveSegment[] };

const NEW_TEMPLATE: Values = {
  code: '',
  name: '',
  shared: false,
  enabled: true,
  segments: [
    { start: '00:00', end: '06:00', powerKw: -100, socMax: 95, socMin: 10 },
    { start: '18:00', end: '22:00', powerKw: 100, socMax: 95, socMin: 10 },
  ],
};

/** The template being edited: null to add one. */
export type Editing = { template: PlanCurveTemplate | null } | null;

/**
 * The plan curve editor: number, name, the station it belongs to (or every station: the server
 * allows that to administrators), enablement and the segments with a live preview.
 * Closing with unsaved edits asks first ("please save or exit editing first"), and the browser
 * warns before the page is left.
 */
export function TemplateEditor({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const { t } = useTranslation();
  const current = useCurrentStation();
  const [form] = Form.useForm<Values>();
  const [asking, setAsking] = useState(false);
  const [dirty, setDirty] = useState(false);
  const segments = Form.useWatch('segments', form) ?? [];
  const add = useEndpointMutation(planCurveApi.add, { invalidate: PLAN_CURVE_WRITES });
  const update = useEndpointMutation(planCurveApi.update, { invalidate: PLAN_CURVE_WRITES });
  const open = editing !== null;
  const template = editing?.template ?? null;
  /** The station a template of its own belongs to: the edited one's, else the current station. */
  const hasStation = current.station !== null;
  const ownStation =
    template?.stationId != null
      ? { id: template.stationId, name: template.stationName ?? '' }
      : current.station
        ? { id: current.station.id, name: current.station.name }
        : null;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      template
        ? {
            code: template.code,
            name: template.name,
            shared: template.stationId === null,
            enabled: template.enabled,
            segments: template.segments,
          }
        : { ...NEW_TEMPLATE, shared: !hasStation },
    );
    setDirty(false);
  }, [open, template, form, hasStation]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const close = () => {
    setAsking(false);
    setDirty(false);
    onClose();
  };
  const tryClose = () => (dirty ? setAsking(true) : close());

  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (v === null) return;
    const body: PlanCurveBody = {
      code: v.code.trim(),
      name: v.name.trim(),
      stationId: v.shared ? null : (ownStation?.id ?? null),
      enabled: v.enabled,
      segments: v.segments,
    };
    try {
      if (template) await update.mutateAsync({ ...body, id: template.id });
      else await add.mutateAsync(body);
      notify.success(serverText(requestMessages.ok));
      close();
    } catch {
      // The client has shown the server's message; the editor keeps what was typed.
    }
  };

  return (
    <Drawer
      open={open}
      size={880}
      title={template ? t('planCurve.editTitle') : t('planCurve.addTitle')}
      onClose={tryClose}
      destroyOnHidden
      forceRender
      data-testid="plan-editor"
      extra={
        <Space>
          <Button onClick={tryClose} data-testid="plan-editor-cancel">
            {t('crud.cancel')}
          </Button>
          <Button
            type="primary"
            loading={add.isPending || update.isPending}
            onClick={() => void save()}
            data-testid="plan-editor-save"
          >
            {t('crud.save')}
          </Button>
        </Space>
      }
    >
      <Form<Values>
        form={form}
        name="plan-curve-editor"
        layout="vertical"
        onValuesChange={() => setDirty(true)}
        initialValues={NEW_TEMPLATE}
      >
        <Row gutter={12}>
          <Col span={8}>
            <Form.Item
              name="code"
              label={t('planCurve.code')}
              rules={[
                { required: true, whitespace: true, message: serverText(planCurveMessages.planCurveCodeRequired) },
              ]}
            >
              <Input maxLength={PLAN_CURVE_LIMITS.code} data-testid="plan-editor-code" />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item
              name="name"
              label={t('planCurve.name')}
              rules={[
                { required: true, whitespace: true, message: serverText(planCurveMessages.planCurveNameRequired) },
              ]}
            >
              <Input maxLength={PLAN_CURVE_LIMITS.name} data-testid="plan-editor-name" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="enabled" label={t('planCurve.enabled')} valuePropName="checked">
              <Switch checkedChildren={t('crud.enabled')} unCheckedChildren={t('crud.disabled')} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="shared" label={t('planCurve.scope')}>
          <Radio.Group
            data-testid="plan-editor-scope"
            options={[
              ...(ownStation ? [{ value: false, label: ownStation.name }] : []),
              { value: true, label: t('planCurve.shared') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="segments"
          label={t('planCurve.editor.segments')}
          rules={[
            {
              validator: (_, v: PlanCurveSegment[] | undefined) => {
                const p = planSegmentsProblem(v ?? []);
                return p ? Promise.reject(new Error(serverText(PLAN_PROBLEM_TEXT[p]))) : Promise.resolve();
              },
            },
          ]}
        >
          <SegmentTable />
        </Form.Item>
        <Typography.Text strong>{t('planCurve.editor.preview')}</Typography.Text>
        <div data-testid="plan-editor-preview">
          <PlanPreviewChart segments={segments} />
        </div>
      </Form>
      <Modal
        open={asking}
        title={t('planCurve.unsaved.title')}
        okText={t('planCurve.unsaved.keep')}
        cancelText={t('planCurve.unsaved.exit')}
        onOk={() => setAsking(false)}
        onCancel={close}
        cancelButtonProps={{ danger: true, ...{ 'data-testid': 'plan-unsaved-exit' } }}
        okButtonProps={{ ...{ 'data-testid': 'plan-unsaved-keep' } }}
        data-testid="plan-unsaved"
      >
        {t('planCurve.unsaved.title')}
      </Modal>
    </Drawer>
  );
}
