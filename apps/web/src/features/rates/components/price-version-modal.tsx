import { ELECTRICITY_TYPE_DICT, type RateStationTemplates, rateApi } from '@ess/contract';
import { Alert, DatePicker, Form, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '@/components/crud';
import { notify } from '@/lib/api/notifier';
import { pickerDay } from '@/lib/format/zone';
import { useLang } from '@/lib/i18n/use-lang';
import { useDicts } from '@/lib/session/api/get-dicts';
import { RATE_WRITE_INVALIDATES } from '../api/rate-writes';
import { RateFormFields, type RateFormValues, toBody, toValues } from './rate-form';

type Values = RateFormValues & { from: Dayjs };

/**
 * A new price version of one station: the template in force today as the starting point (its
 * cut, prices and type), a number and name of its own, and the first local day it prices —
 * today or later. One call adds the template and the assignment.
 */
export function PriceVersionModal({
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
  const lang = useLang();
  const [form] = Form.useForm<Values>();
  const add = useEndpointMutation(rateApi.rateStationVersion, { invalidate: RATE_WRITE_INVALIDATES });
  const types = useDicts(lang).data?.[ELECTRICITY_TYPE_DICT] ?? [];
  const typeOptions = useMemo(() => types.map((d) => ({ value: d.value, label: d.label })), [types]);
  const current = data.templates.find((tp) => tp.id === data.currentId);
  const initial: Partial<Values> = {
    ...(current ? toValues(current) : {}),
    code: current ? `${current.code}-${data.today}` : '',
    name: current ? `${current.name} ${data.today}` : '',
    enabled: true,
    validity: null,
    from: dayjs(data.today),
  };

  const submit = async () => {
    const v = await form.validateFields();
    try {
      await add.mutateAsync({ stationId: data.stationId, validFrom: pickerDay(v.from), template: toBody(v) });
      notify.success(t('messages.operationSucceeded'));
      onClose();
    } catch {
      // The call's notice has said why (a taken number or name, a day already begun).
    }
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      onOk={submit}
      okButtonProps={{ loading: add.isPending }}
      width={760}
      destroyOnHidden
      title={t('rates.config.versionTitle', { station: stationName })}
      data-testid="price-version"
    >
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('rates.config.versionHint')} />
      <Form<Values> form={form} layout="vertical" initialValues={initial} preserve={false}>
        <Form.Item name="from" label={t('rates.station.validFrom')} rules={[{ required: true }]}>
          <DatePicker
            allowClear={false}
            disabledDate={(d) => pickerDay(d) < data.today}
            data-testid="price-version-from"
          />
        </Form.Item>
        <RateFormFields typeOptions={typeOptions} />
      </Form>
    </Modal>
  );
}
