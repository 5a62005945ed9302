import type { StationTree } from '@ess/contract';
import { Cascader } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '@/lib/i18n/use-lang';
import { useStations } from '@/lib/session/api/get-stations';

type Option = { value: string; label: string; children?: Option[] };

const toOptions = (tree: StationTree | undefined): Option[] =>
  (tree ?? []).map((p) => ({
    value: p.id,
    label: p.name,
    children: p.children.map((s) => ({ value: String(s.id), label: s.name })),
  }));

export type StationPickerProps = {
  /** The station's id (a form control's value). */
  value?: number | null;
  onChange?: (id: number | undefined) => void;
  placeholder?: string;
  allowClear?: boolean;
  width?: number | string;
  /** Given by a Form.Item, so its label names the picker. */
  id?: string;
  testId?: string;
};

/**
 * The one station picker: a station of the caller's scope, province → station, searchable by
 * either name, showing only the station's name (spec 2), from the shared station list in the
 * interface language. The frame's picker and every form or filter that names a station use it.
 */
export function StationPicker({
  value,
  onChange,
  placeholder,
  allowClear = true,
  width = 200,
  id,
  testId,
}: StationPickerProps) {
  const { t } = useTranslation();
  const tree = useStations(useLang()).data;
  const province = value == null ? undefined : tree?.find((p) => p.children.some((s) => s.id === value));
  return (
    <Cascader
      id={id}
      options={toOptions(tree)}
      value={province && value != null ? [province.id, String(value)] : []}
      onChange={(path) => {
        const picked = Number(path?.[path.length - 1]);
        onChange?.(Number.isInteger(picked) && picked > 0 ? picked : undefined);
      }}
      displayRender={(labels) => labels[labels.length - 1]}
      showSearch={{
        filter: (input, path) => path.some((o) => String(o.label).toLowerCase().includes(input.toLowerCase())),
      }}
      allowClear={allowClear}
      placeholder={placeholder ?? t('station.placeholder')}
      notFoundContent={t('station.empty')}
      style={{ width }}
      data-testid={testId}
    />
  );
}
