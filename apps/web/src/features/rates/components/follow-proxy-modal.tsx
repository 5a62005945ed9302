import { proxyApi, type RateStationTemplates, rateApi } from '@ess/contract';
import { DatePicker, Form, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '@/components/crud';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { notify } from '@/lib/api/notifier';
import { pickerDay } from '@/lib/format/zone';
import { RATE_WRITE_INVALIDATES } from '../api/rate-writes';

type Values = { regionId: number; from: Dayjs };

/** The station follows a proxy price region (its monthly prices) from its today or a later day. */
export function FollowProxyModal({
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
  const regions = useEndpoint(proxyApi.proxyRegionOptions, open ? undefined : null);
  const save = useEndpointMutation(rateApi.rateStationProxy, { invalidate: RATE_WRITE_INVALIDATES });
  const submit = async () => {
    const v = await form.validateFields();
    try {
      await save.mutateAsync({ stationId: data.stationId, regionId: v.regionId, validFrom: pickerDay(v.from) });
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
      title={t('rates.proxy.followTitle', { station: stationName })}
      data-testid="price-follow-proxy"
    >
      <Form<Values> form={form} layout="vertical" initialValues={{ from: dayjs(data.today) }} preserve={false}>
        <Form.Item name="regionId" label={t('rates.proxy.region')} rules={[{ required: true }]}>
          <Select
            showSearch
            optionFilterProp="label"
            data-testid="price-follow-proxy-select"
            options={(regions.data ?? []).map((r) => ({ value: r.id, label: `${r.code} ${r.name}` }))}
          />
        </Form.Item>
        <Form.Item name="from" label={t('rates.station.validFrom')} extra={t('rates.proxy.followHint')}>
          <DatePicker allowClear={false} disabledDate={(d) => pickerDay(d) < data.today} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
