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

/**
 * A station of the caller's scope (province → station, searchable, the frame's picker's shape) as
 * a form control whose value is the station id.
 */
export function StationSelect({
  value,
  onChange,
  placeholder,
  allowClear = true,
  testId,
}: {
  value?: number;
  onChange?: (id: number | undefined) => void;
  placeholder?: string;
  allowClear?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const tree = useStations(useLang()).data;
  const province = tree?.find((p) => p.children.some((s) => s.id === value));
  return (
    <Cascader
      options={toOptions(tree)}
      value={province && value !== undefined ? [province.id, String(value)] : []}
      onChange={(path) => {
        const id = Number(path?.[path.length - 1]);
        onChange?.(Number.isInteger(id) && id > 0 ? id : undefined);
      }}
      displayRender={(labels) => labels[labels.length - 1]}
      showSearch={{
        filter: (input, path) => path.some((o) => String(o.label).toLowerCase().includes(input.toLowerCase())),
      }}
      allowClear={allowClear}
      placeholder={placeholder ?? t('station.placeholder')}
      notFoundContent={t('station.empty')}
      style={{ width: 200 }}
      data-testid={testId}
    />
  );
}
