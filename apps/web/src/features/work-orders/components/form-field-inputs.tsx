import { FORM_TEXT_MAX, type FormValues, type OrderFormField, workorderMessages } from '@ess/contract';
import { DatePicker, Form, Input, InputNumber, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { Fragment, type ReactNode } from 'react';
import { pickerDay } from '@/lib/format/zone';
import { useServerText } from '@/lib/i18n/server-text';

/** Where a form keeps the values of the order's extra fields (one antd name path per key). */
export const FORM_VALUES = 'formValues';

/** What the inputs hold: a date picker's day, a number, a text or an option. */
export type FieldInputs = Record<string, Dayjs | string | number | null | undefined>;

/**
 * The inputs of a template's extra form fields by type (text, textarea, number, date, select).
 * `requireAll` (finish) marks and checks the required ones in the server's words; at opening
 * they may stay empty. `wrap` places each input (a grid column).
 */
export function FormFieldInputs({
  fields,
  requireAll,
  wrap = (node) => node,
}: {
  fields: readonly OrderFormField[];
  requireAll: boolean;
  wrap?: (node: ReactNode) => ReactNode;
}) {
  const server = useServerText();
  return fields.map((f) => (
    <Fragment key={f.key}>
      {wrap(
        <Form.Item
          name={[FORM_VALUES, f.key]}
          label={f.label}
          rules={
            requireAll && f.required
              ? [{ required: true, message: server(workorderMessages.workorderFieldRequired, { field: f.label }) }]
              : []
          }
        >
          {inputOf(f)}
        </Form.Item>,
      )}
    </Fragment>
  ));
}

function inputOf(f: OrderFormField) {
  const testId = `order-form-${f.key}`;
  switch (f.type) {
    case 'number':
      return <InputNumber style={{ width: '100%' }} data-testid={testId} />;
    case 'date':
      return <DatePicker style={{ width: '100%' }} data-testid={testId} />;
    case 'select':
      return (
        <Select allowClear options={(f.options ?? []).map((o) => ({ value: o, label: o }))} data-testid={testId} />
      );
    case 'textarea':
      return <Input.TextArea rows={2} maxLength={FORM_TEXT_MAX} showCount data-testid={testId} />;
    case 'text':
      return <Input maxLength={FORM_TEXT_MAX} data-testid={testId} />;
  }
}

/**
 * The inputs' values as the server takes them: every field's key, days as `YYYY-MM-DD`, empties
 * (a cleared select is undefined) as null, so clearing a stored value at finish clears it.
 */
export function toFormValues(fields: readonly OrderFormField[], inputs: FieldInputs | undefined): FormValues {
  const out: FormValues = {};
  for (const f of fields) {
    const v = inputs?.[f.key];
    if (v === undefined || v === null || v === '') out[f.key] = null;
    else if (dayjs.isDayjs(v)) out[f.key] = pickerDay(v);
    else out[f.key] = typeof v === 'string' ? v.trim() : v;
  }
  return out;
}

/** Stored values as the inputs show them (a date field's day back into a picker's). */
export function toFieldInputs(fields: readonly OrderFormField[], values: FormValues): FieldInputs {
  const out: FieldInputs = {};
  for (const f of fields) {
    const v = values[f.key];
    if (v === undefined || v === null) continue;
    out[f.key] = f.type === 'date' && typeof v === 'string' ? dayjs(v) : v;
  }
  return out;
}

/** A stored value as text: a date field's day in the one date format, `-` for none. */
export function formValueText(f: OrderFormField, v: string | number | null | undefined): string {
  if (v === undefined || v === null || v === '') return '-';
  if (f.type === 'date' && typeof v === 'string') {
    const day = dayjs(v);
    return day.isValid() ? pickerDay(day) : v;
  }
  return String(v);
}
