import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Divider, Popover } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './column-chooser.module.css';
import { COLUMN_GROUPS, COLUMN_KEYS, type ColumnKey, type GroupKey, groupOf, LOCKED_COLUMNS } from './site-columns';

type Props = {
  hidden: readonly string[];
  onChange: (hidden: string[]) => void;
  onReset: () => void;
};

/** Which columns the table shows, grouped like its header; the choice is remembered by the page. */
export function ColumnChooser({ hidden, onChange, onReset }: Props) {
  const { t } = useTranslation();
  const toggle = (key: ColumnKey, show: boolean) =>
    onChange(show ? hidden.filter((k) => k !== key) : [...hidden.filter((k) => k !== key), key]);
  const box = (key: ColumnKey) => (
    <Checkbox
      key={key}
      data-testid={`site-overview-column-${key}`}
      checked={!hidden.includes(key)}
      disabled={LOCKED_COLUMNS.includes(key)}
      onChange={(e) => toggle(key, e.target.checked)}
    >
      {t(`siteOverview.col.${key}`)}
    </Checkbox>
  );
  const single = COLUMN_KEYS.filter((k) => groupOf(k) === null);
  const content = (
    <div className={styles.panel} data-testid="site-overview-column-panel">
      <div className={styles.list}>{single.map(box)}</div>
      {(Object.keys(COLUMN_GROUPS) as GroupKey[]).map((g) => (
        <div key={g}>
          <div className={styles.group}>{t(`siteOverview.group.${g}`)}</div>
          <div className={styles.list}>{COLUMN_GROUPS[g].map(box)}</div>
        </div>
      ))}
      <Divider className={styles.divider} />
      <Button size="small" onClick={onReset} data-testid="site-overview-columns-reset">
        {t('siteOverview.columnsReset')}
      </Button>
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('siteOverview.columns')} content={content}>
      <Button icon={<SettingOutlined />} data-testid="site-overview-columns">
        {t('siteOverview.columns')}
      </Button>
    </Popover>
  );
}
