import { DEFAULT_THEME_CONFIG, type ThemeConfig } from '@ess/contract';
import { Button, ColorPicker, Drawer, Flex, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { browserTimeZone, knownTimeZones } from '@/lib/format/zone';
import { useLang } from '@/lib/i18n/use-lang';
import { useSaveUserTheme } from '@/lib/session/api/user-theme';
import { useTheme } from '@/lib/theme/theme-store';
import { useLayout } from '../layout-store';
import styles from './settings-drawer.module.css';

const PRESETS = ['#0094ff', '#1677ff', '#13c2c2', '#52c41a', '#faad14', '#fa541c', '#eb2f96', '#722ed1'];

/** The browser's own zone: no saved choice. */
const BROWSER = '';

type Flag = 'tagsView' | 'fixedHeader' | 'sidebarLogo' | 'pinyinSearch';
const FLAGS: Flag[] = ['tagsView', 'fixedHeader', 'sidebarLogo', 'pinyinSearch'];

/**
 * Settings side panel (spec 2): theme colour, tag view, fixed header, sidebar logo, pinyin
 * menu search. A change applies at once and is saved for the user through the theme calls.
 */
export function SettingsDrawer({ canSave }: { canSave: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const open = useLayout((s) => s.settingsOpen);
  const setOpen = useLayout((s) => s.setSettingsOpen);
  const config = useTheme((s) => s.config);
  const update = useTheme((s) => s.update);
  const replace = useTheme((s) => s.replace);
  const save = useSaveUserTheme();

  // The shared demo account keeps its choice in this browser only.
  const persist = (next: ThemeConfig) => canSave && save.mutate(next);
  const apply = (patch: Partial<ThemeConfig>) => {
    update(patch);
    persist({ ...config, ...patch });
  };

  // Absent zone: the browser's (platform records follow the reader's computer).
  const chooseZone = (zone: string) => {
    const { timeZone: _, ...rest } = config;
    const next: ThemeConfig = zone === BROWSER ? rest : { ...rest, timeZone: zone };
    replace(next);
    persist(next);
  };

  return (
    <Drawer
      title={t('settings.title')}
      open={open}
      onClose={() => setOpen(false)}
      size={300}
      data-testid="settings-drawer"
      extra={
        <Button
          size="small"
          onClick={() => {
            // A reset concerns the layout: the chosen time zone stays.
            const next: ThemeConfig = config.timeZone
              ? { ...DEFAULT_THEME_CONFIG, timeZone: config.timeZone }
              : DEFAULT_THEME_CONFIG;
            replace(next);
            persist(next);
          }}
        >
          {t('settings.reset')}
        </Button>
      }
    >
      <div className={styles.row}>
        <span>{t('settings.themeColor')}</span>
        <ColorPicker
          value={config.theme}
          disabledAlpha
          presets={[{ label: t('settings.presets'), colors: PRESETS }]}
          onChangeComplete={(c) => apply({ theme: c.toHexString() })}
          data-testid="theme-color"
        />
      </div>
      <Flex gap={6} wrap className={styles.swatches}>
        {PRESETS.map((c) => (
          <button
            key={c}
            type="button"
            className={c === config.theme ? `${styles.swatch} ${styles.current}` : styles.swatch}
            style={{ background: c }}
            aria-label={c}
            onClick={() => apply({ theme: c })}
            data-testid={`swatch-${c}`}
          />
        ))}
      </Flex>
      {FLAGS.map((flag) => {
        const pinyinOff = flag === 'pinyinSearch' && lang !== 'zh_CN';
        return (
          <div className={styles.row} key={flag}>
            <span>
              {t(`settings.${flag}`)}
              {pinyinOff && (
                <Typography.Text type="secondary" className={styles.hint}>
                  {t('settings.pinyinOnlyChinese')}
                </Typography.Text>
              )}
            </span>
            <Switch
              checked={config[flag]}
              disabled={pinyinOff}
              onChange={(on) => apply({ [flag]: on })}
              data-testid={`setting-${flag}`}
            />
          </div>
        );
      })}
      <div className={styles.row}>
        <span>
          {t('settings.timeZone')}
          <Typography.Text type="secondary" className={styles.hint}>
            {t('settings.timeZoneHint')}
          </Typography.Text>
        </span>
      </div>
      <Select
        showSearch
        style={{ width: '100%' }}
        value={config.timeZone ?? BROWSER}
        onChange={chooseZone}
        options={[
          { value: BROWSER, label: t('settings.browserZone', { zone: browserTimeZone() }) },
          ...knownTimeZones().map((z) => ({ value: z, label: z })),
        ]}
        data-testid="setting-timeZone"
      />
    </Drawer>
  );
}
