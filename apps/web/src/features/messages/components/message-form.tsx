import {
  FREQUENCY_UNITS,
  type FrequencyUnit,
  MESSAGE_LIMITS,
  MESSAGE_TYPES,
  type MessageConfigRow,
  type MessageDraft,
  messageCenterMessages,
  RECEIVING_TYPE,
  RECEIVING_TYPES,
  requestMessages,
  type SendMode,
} from '@ess/contract';
import { Checkbox, DatePicker, Form, Input, InputNumber, Modal, Radio, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/api/notifier';
import { serverText } from '@/lib/i18n/server-text';
import { stationsOf } from '@/lib/session/api/get-stations';
import { useCurrentStation } from '@/lib/station/current-station';
import { useStationTime } from '@/lib/station/station-time';
import { useRecipientUsers, useSaveMessage } from '../api/message-config';
import { useMessageWords } from './message-words';

type Values = {
  title: string;
  messageContent: string;
  messageType: number;
  receivingType: number;
  receivingObjects: number[];
  sendMode: SendMode;
  playStartTime?: Dayjs | null;
  playEndTime?: Dayjs | null;
  playFrequency: number;
  frequencyUnit: FrequencyUnit;
  draft: boolean;
};

/** The form's values of a message; the pickers show the station's wall clock (`toPicker`). */
const initial = (m: MessageConfigRow | null, stationId: number | null, toPicker: (ms: number) => Dayjs): Values =>
  m
    ? {
        title: m.title,
        messageContent: m.messageContent,
        messageType: m.messageType,
        receivingType: m.receivingType,
        receivingObjects: m.receivingObjects.map((r) => r.id),
        sendMode: m.sendMode,
        playStartTime: m.playStartTime === null ? null : toPicker(m.playStartTime),
        playEndTime: toPicker(m.playEndTime),
        playFrequency: m.playFrequency,
        frequencyUnit: m.frequencyUnit,
        draft: m.status === 1,
      }
    : {
        title: '',
        messageContent: '',
        messageType: 1,
        receivingType: RECEIVING_TYPE.station,
        receivingObjects: stationId === null ? [] : [stationId],
        sendMode: 'now',
        playFrequency: 1,
        frequencyUnit: 'hour',
        draft: false,
      };

/**
 * Add or edit a message. The clock rules (end not before now, start before end) are checked here
 * for a quick answer and again by the server, which also refuses to edit a broadcasting message.
 */
export function MessageForm({
  open,
  editing,
  onClose,
}: {
  open: boolean;
  /** The message to edit; null adds one. */
  editing: MessageConfigRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const words = useMessageWords();
  const clock = useStationTime();
  const [form] = Form.useForm<Values>();
  const { stationId, stations } = useCurrentStation();
  const receivingType = Form.useWatch('receivingType', form);
  const sendMode = Form.useWatch('sendMode', form);
  const users = useRecipientUsers(open && receivingType === RECEIVING_TYPE.user);
  const save = useSaveMessage();

  const recipientOptions =
    receivingType === RECEIVING_TYPE.user
      ? (users.data ?? []).map((u) => ({ value: u.userId, label: u.realName ?? u.username }))
      : stationsOf(stations.data).map((s) => ({ value: s.id, label: s.name }));

  const submit = (v: Values) => {
    const draft: MessageDraft = {
      title: v.title,
      messageContent: v.messageContent,
      messageType: v.messageType,
      receivingType: v.receivingType,
      receivingObjects: v.receivingObjects,
      sendMode: v.sendMode,
      playStartTime: v.sendMode === 'timed' && v.playStartTime ? clock.fromPicker(v.playStartTime) : null,
      playEndTime: v.playEndTime ? clock.fromPicker(v.playEndTime) : 0,
      playFrequency: v.playFrequency,
      frequencyUnit: v.frequencyUnit,
      draft: v.draft,
    };
    save.mutate(
      { messageId: editing?.messageId ?? null, draft },
      {
        onSuccess: () => {
          notify.success(serverText(requestMessages.ok));
          onClose();
        },
      },
    );
  };

  const required = { required: true, message: t('messageCenter.form.required') };
  return (
    <Modal
      open={open}
      title={editing ? t('messageCenter.edit') : t('messageCenter.add')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={640}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={initial(editing, stationId, clock.toPicker)}
        onFinish={submit}
        preserve={false}
        data-testid="message-form"
      >
        <Form.Item name="title" label={t('messageCenter.col.title')} rules={[required, { max: MESSAGE_LIMITS.title }]}>
          <Input data-testid="message-title" />
        </Form.Item>
        <Form.Item
          name="messageContent"
          label={t('messageCenter.col.content')}
          rules={[required, { max: MESSAGE_LIMITS.content }]}
        >
          <Input.TextArea rows={3} data-testid="message-content" />
        </Form.Item>
        <Space wrap size={24}>
          <Form.Item name="messageType" label={t('messageCenter.col.type')} rules={[required]}>
            <Radio.Group options={MESSAGE_TYPES.map((v) => ({ value: v, label: words.typeName(v) }))} />
          </Form.Item>
          <Form.Item name="receivingType" label={t('messageCenter.col.receivingType')} rules={[required]}>
            <Radio.Group
              options={RECEIVING_TYPES.map((v) => ({ value: v, label: words.receivingName(v) }))}
              onChange={() => form.setFieldValue('receivingObjects', [])}
            />
          </Form.Item>
        </Space>
        <Form.Item name="receivingObjects" label={t('messageCenter.col.receivingObjects')} rules={[required]}>
          <Select
            mode="multiple"
            optionFilterProp="label"
            options={recipientOptions}
            loading={receivingType === RECEIVING_TYPE.user && users.isPending}
            placeholder={
              receivingType === RECEIVING_TYPE.user
                ? t('messageCenter.form.pickUsers')
                : t('messageCenter.form.pickStations')
            }
            data-testid="message-recipients"
          />
        </Form.Item>
        <Form.Item name="sendMode" label={t('messageCenter.col.sendMode')} rules={[required]}>
          <Radio.Group
            options={[
              { value: 'now', label: t('messageCenter.mode.now') },
              { value: 'timed', label: t('messageCenter.mode.timed') },
            ]}
          />
        </Form.Item>
        <Space wrap size={24}>
          <Form.Item
            name="playStartTime"
            label={clock.withZone(t('messageCenter.col.playStart'))}
            rules={sendMode === 'timed' ? [required] : []}
          >
            <DatePicker
              showTime
              disabled={sendMode !== 'timed'}
              placeholder={sendMode === 'timed' ? undefined : t('messageCenter.form.startNow')}
              data-testid="message-start"
            />
          </Form.Item>
          <Form.Item
            name="playEndTime"
            label={clock.withZone(t('messageCenter.col.playEnd'))}
            dependencies={['playStartTime', 'sendMode']}
            rules={[
              required,
              ({ getFieldValue }) => ({
                validator: (_, end: Dayjs | null | undefined) => {
                  if (!end) return Promise.resolve();
                  if (clock.fromPicker(end) < Date.now())
                    return Promise.reject(new Error(serverText(messageCenterMessages.messageEndBeforeNow)));
                  const start: Dayjs | null | undefined = getFieldValue('playStartTime');
                  if (getFieldValue('sendMode') === 'timed' && start && !start.isBefore(end))
                    return Promise.reject(new Error(serverText(messageCenterMessages.messageStartAfterEnd)));
                  return Promise.resolve();
                },
              }),
            ]}
          >
            <DatePicker showTime data-testid="message-end" />
          </Form.Item>
        </Space>
        <Space wrap size={8} align="end">
          <Form.Item
            name="playFrequency"
            label={t('messageCenter.col.frequency')}
            rules={[required, { type: 'integer', min: 1, max: MESSAGE_LIMITS.frequency }]}
          >
            <InputNumber min={1} max={MESSAGE_LIMITS.frequency} precision={0} data-testid="message-frequency" />
          </Form.Item>
          <Form.Item name="frequencyUnit" rules={[required]}>
            <Select
              style={{ width: 120 }}
              options={FREQUENCY_UNITS.map((u) => ({ value: u, label: words.units[u] }))}
            />
          </Form.Item>
        </Space>
        <Form.Item name="draft" valuePropName="checked">
          <Checkbox>{t('messageCenter.form.draft')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
