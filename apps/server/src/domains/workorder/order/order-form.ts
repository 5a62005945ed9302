import { FORM_TEXT_MAX, type FormValues, type TemplateFormField, templateFormField } from '@ess/contract';
import { z } from 'zod';
import { refusal } from '../../../lib/app-error';

const fieldList = z.array(templateFormField);

/**
 * The template's fields as the order keeps them. They were checked when the template was saved;
 * a stored list that no longer reads (an older shape) gives an order without extra fields
 * rather than an order that cannot open.
 */
export function snapshotFields(stored: unknown): TemplateFormField[] {
  const read = fieldList.safeParse(stored);
  return read.success ? read.data : [];
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** yyyy-mm-dd naming a real day (2026-02-30 is not one). */
function isIsoDate(v: string): boolean {
  const m = DATE.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === v;
}

const isEmpty = (v: string | number | null | undefined): boolean =>
  v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/**
 * The one check of an order's form values, at opening and at finish: every key is one of the
 * order's fields, every value fits its field's type, and when `requireAll` (finish) every
 * required field is filled. Refuses with 400 naming the field's label; answers the values to
 * store (empty ones as null, text trimmed).
 */
export function checkFormValues(
  fields: readonly TemplateFormField[],
  values: FormValues,
  requireAll: boolean,
): FormValues {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const out: FormValues = {};
  for (const [key, raw] of Object.entries(values)) {
    const field = byKey.get(key);
    if (!field) throw refusal('workorderFieldUnknown', 400, { field: key });
    out[key] = checkValue(field, raw);
  }
  if (requireAll) {
    for (const f of fields)
      if (f.required && isEmpty(out[f.key])) throw refusal('workorderFieldRequired', 400, { field: f.label });
  }
  return out;
}

function checkValue(field: TemplateFormField, raw: string | number | null): string | number | null {
  if (isEmpty(raw)) return null;
  const field_ = { field: field.label };
  switch (field.type) {
    case 'number':
      if (typeof raw !== 'number' || !Number.isFinite(raw)) throw refusal('workorderFieldNumber', 400, field_);
      return raw;
    case 'date':
      if (typeof raw !== 'string' || !isIsoDate(raw.trim())) throw refusal('workorderFieldDate', 400, field_);
      return raw.trim();
    case 'select':
      if (typeof raw !== 'string' || !(field.options ?? []).includes(raw))
        throw refusal('workorderFieldOption', 400, field_);
      return raw;
    case 'text':
    case 'textarea': {
      // A number typed into a text field is still text.
      const text = String(raw).trim();
      if (text.length > FORM_TEXT_MAX) throw refusal('workorderFieldText', 400, { ...field_, max: FORM_TEXT_MAX });
      return text;
    }
  }
}
