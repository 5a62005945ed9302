import { Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '@/components/menu-icon';
import { MENU_ICONS } from '@/components/menu-icons';

const NAMES = Object.keys(MENU_ICONS).sort();
const OPTIONS = NAMES.map((name) => ({
  value: name,
  title: name,
  label: (
    <Space size={6}>
      <MenuIcon name={name} />
      {name}
    </Space>
  ),
}));

/** Picks one of the icons the web can draw for a menu row (components/menu-icons.ts). */
export function IconPicker({
  value,
  onChange,
  id,
}: {
  value?: string | null;
  onChange?: (v: string | null) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  return (
    <Select<string>
      id={id}
      showSearch={{
        filterOption: (input, option) => String(option?.value).toLowerCase().includes(input.toLowerCase()),
      }}
      allowClear
      placeholder={t('menuAdmin.iconPick')}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      options={OPTIONS}
      data-testid="menu-icon-picker"
    />
  );
}
