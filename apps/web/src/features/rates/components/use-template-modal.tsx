import { type RateStationTemplates, rateApi } from '@ess/contract';
import { DatePicker, Form, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '@/components/crud';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { notify } from '@/lib/api/notifier';
import { pickerDay } from '@/lib/format/zone';
import { RATE_WRITE_INVALIDATES } from '../api/rate-writes';

const ENABLED_TEMPLATES = { pageNum: 1, pageSize: 200, orderBy: 'code', order: 'asc', enabled: true } as const;
type Values = { templateId: number; from: Dayjs };

/** Prices a station by an existing enabled template from its today or a later day. */
export function UseTemplateModal({
  data,
  stationName,
  open,
  onClose,
}: {
  data: RateStationTemplates;
  stationName: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const all = useEndpoint(rateApi.ratePage, open ? ENABLED_TEMPLATES : null);
  const save = useEndpointMutation(rateApi.rateStationSave, { invalidate: RATE_WRITE_INVALIDATES });
  const submit = async () => {
    const v = await form.validateFields();
    try {
      await save.mutateAsync({ stationId: data.stationId, templateId: v.templateId, validFrom: pickerDay(v.from) });
      notify.success(t('messages.operationSucceeded'));
      onClose();
    } catch {
      // The call's notice has said why.
    }
  };
  return (
    <Modal
      open={open}
      onCancel={onClose}
      onOk={submit}
      okButtonProps={{ loading: save.isPending }}
      destroyOnHidden
      title={t('rates.config.existingTitle', { station: stationName })}
      data-testid="price-use-template"
    >
      <Form<Values> form={form} layout="vertical" initialValues={{ from: dayjs(data.today) }} preserve={false}>
        <Form.Item name="templateId" label={t('rates.station.template')} rules={[{ required: true }]}>
          <Select
            showSearch
            optionFilterProp="label"
            data-testid="price-use-template-select"
            options={(all.data?.rows ?? []).map((tp) => ({ value: tp.id, label: `${tp.code} ${tp.name}` }))}
          />
        </Form.Item>
        <Form.Item name="from" label={t('rates.station.validFrom')} extra={t('rates.station.fromHint')}>
          <DatePicker allowClear={false} disabledDate={(d) => pickerDay(d) < data.today} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
