import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined } from '@ant-design/icons';
import { DEFAULT_HOME_BLOCKS, type HomeBlockSetting, requestMessages } from '@ess/contract';
import { Button, Modal, Space, Switch, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/api/notifier';
import { serverText } from '@/lib/i18n/server-text';
import { useSaveHomeConfig } from '../api/home-config';
import { moveBlock, toggleBlock, visibleBlocks } from './block-order';
import styles from './home-config-dialog.module.css';

type Props = {
  stationId: number;
  blocks: HomeBlockSetting[];
  onClose: () => void;
};

/**
 * The home configuration dialog (button `surveillance:home:config`): order the blocks by
 * dragging or with the arrows, show or hide each; saved for this account and station.
 */
export function HomeConfigDialog({ stationId, blocks, onClose }: Props) {
  const { t } = useTranslation();
  const [list, setList] = useState<HomeBlockSetting[]>(blocks);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const save = useSaveHomeConfig();
  const none = visibleBlocks(list).length === 0;

  const submit = () =>
    save.mutate(
      { stationId, blocks: list },
      {
        onSuccess: () => {
          notify.success(serverText(requestMessages.ok));
          onClose();
        },
      },
    );

  return (
    <Modal
      open
      title={t('siteHome.config.title')}
      onCancel={onClose}
      width={520}
      footer={
        <div className={styles.footer}>
          <Button onClick={() => setList(DEFAULT_HOME_BLOCKS)} data-testid="home-config-restore">
            {t('siteHome.config.restore')}
          </Button>
          <Space>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Tooltip title={none ? t('siteHome.config.atLeastOne') : undefined}>
              <Button
                type="primary"
                loading={save.isPending}
                disabled={none}
                onClick={submit}
                data-testid="home-config-save"
              >
                {t('siteHome.config.save')}
              </Button>
            </Tooltip>
          </Space>
        </div>
      }
    >
      <p className={styles.hint}>{t('siteHome.config.hint')}</p>
      <ul className={styles.list} data-testid="home-config-list">
        {list.map((b, i) => (
          <li
            key={b.key}
            className={`${styles.row} ${over === i ? styles.over : ''}`}
            draggable
            data-testid={`home-config-${b.key}`}
            onDragStart={(e) => {
              setDragFrom(i);
              e.dataTransfer.effectAllowed = 'move';
            }}
            onDragOver={(e) => {
              e.preventDefault();
              setOver(i);
            }}
            onDragLeave={() => setOver((o) => (o === i ? null : o))}
            onDrop={(e) => {
              e.preventDefault();
              if (dragFrom !== null) setList((l) => moveBlock(l, dragFrom, i));
              setDragFrom(null);
              setOver(null);
            }}
            onDragEnd={() => {
              setDragFrom(null);
              setOver(null);
            }}
          >
            <HolderOutlined className={styles.handle} aria-label={t('siteHome.config.drag')} />
            <span className={`${styles.label} ${b.visible ? '' : styles.hidden}`}>{t(`siteHome.block.${b.key}`)}</span>
            <Button
              size="small"
              type="text"
              icon={<ArrowUpOutlined />}
              disabled={i === 0}
              aria-label={t('siteHome.config.moveUp')}
              onClick={() => setList((l) => moveBlock(l, i, i - 1))}
            />
            <Button
              size="small"
              type="text"
              icon={<ArrowDownOutlined />}
              disabled={i === list.length - 1}
              aria-label={t('siteHome.config.moveDown')}
              onClick={() => setList((l) => moveBlock(l, i, i + 1))}
            />
            <Switch
              size="small"
              checked={b.visible}
              onChange={(v) => setList((l) => toggleBlock(l, b.key, v))}
              data-testid={`home-config-${b.key}-visible`}
            />
          </li>
        ))}
      </ul>
    </Modal>
  );
}
