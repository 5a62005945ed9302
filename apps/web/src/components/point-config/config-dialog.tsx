import { DEFAULT_SENS_TYPE, MAX_INDICATORS, SENS_TYPES } from '@ess/contract';
import { Alert, Button, Modal, Segmented, Skeleton } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/api/notifier';
import { useLang } from '@/lib/i18n/use-lang';
import { useDicts } from '@/lib/session/api/get-dicts';
import { useQueryPoint } from '@/lib/station/query-point';
import { useCurveConfig, usePointConfig, useSaveConfig } from './api/page-config';
import { addRows, canSave, type DraftRow, labelOrNull, newDragId } from './config-rows';
import { DeviceSourceSelect } from './device-source-select';
import styles from './point-config.module.css';
import { type DeviceTypeCol, PointPicker } from './point-picker';
import { SelectedRows } from './selected-rows';
import { usePageConfigKey } from './use-config-key';

export type ConfigDialogProps = {
  kind: 'curve' | 'point';
  pageLocation: string;
  divLocation: string;
  open: boolean;
  onClose: () => void;
  /** One ordinary or cell-split point only (spec 5). */
  single?: boolean;
  /** Point kind shown first: the pointType dictionary value (default 2, spec 9), 0 for every kind. */
  defaultSensType?: number;
  max?: number;
};

/**
 * Point or curve configuration of a page block (spec 5, 7): choose the device source, then its
 * points, order them by dragging, name them; saving replaces the block's rows, says "operate
 * success", closes and refreshes what shows them.
 */
export function ConfigDialog({
  kind,
  pageLocation,
  divLocation,
  open,
  onClose,
  single = false,
  defaultSensType = DEFAULT_SENS_TYPE,
  max = MAX_INDICATORS,
}: ConfigDialogProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const key = usePageConfigKey(pageLocation, divLocation);
  const curves = useCurveConfig(kind === 'curve' && open ? key : null);
  const points = usePointConfig(kind === 'point' && open ? key : null);
  const saved = kind === 'curve' ? curves : points;
  const dicts = useDicts(lang);
  const save = useSaveConfig(key);

  const [rows, setRows] = useState<DraftRow[]>([]);
  const [source, setSource] = useState<{ id: number; name: string } | null>(null);
  const [sensType, setSensType] = useState(defaultSensType);
  const [checked, setChecked] = useState<number[]>([]);

  // Each opening starts from what is saved.
  useEffect(() => {
    if (!open || !saved.data) return;
    setRows(
      saved.data.map((r) => ({
        dragId: newDragId(),
        deviceId: r.deviceId,
        deviceName: r.deviceName,
        flgId: r.flgId,
        col: r.col,
        colName: r.colName,
        unit: r.unit,
        label: ('curveName' in r ? r.curveName : r.name) ?? '',
      })),
    );
  }, [open, saved.data]);
  useEffect(() => {
    if (open) return;
    setSource(null);
    setChecked([]);
  }, [open]);

  const query = useQueryPoint(key?.stationId ?? null, source?.id ?? null, sensType, { needSource: true });
  const cols: DeviceTypeCol[] = useMemo(() => query.data?.[0]?.deviceTypeColList ?? [], [query.data]);
  const kinds = useMemo(() => {
    const labels = new Map((dicts.data?.pointType ?? []).map((d) => [Number(d.value), d.label]));
    return SENS_TYPES.map((v) => ({
      value: v,
      label: v === 0 ? t('pointConfig.allKinds') : (labels.get(v) ?? String(v)),
    }));
  }, [dicts.data, t]);

  const add = () => {
    if (!source) return;
    const picked = cols
      .filter((c) => checked.includes(c.flgId))
      .map((c) => ({
        deviceId: source.id,
        deviceName: source.name,
        flgId: c.flgId,
        col: c.col,
        colName: c.colName,
        unit: c.unit,
        label: '',
      }));
    const out = addRows(rows, picked, { single, max });
    if (out.rejected === 'limit') notify.warning(t('pointConfig.limit', { max }));
    else if (out.rejected === 'single') notify.warning(t('pointConfig.single'));
    else setChecked([]);
    setRows(out.rows);
  };

  const submit = async () => {
    const list = rows.map((r) => ({ deviceId: r.deviceId, flgId: r.flgId, dragId: r.dragId }));
    const labels = rows.map((r) => labelOrNull(r.label));
    await save.mutateAsync(
      kind === 'curve'
        ? { kind, list: list.map((r, i) => ({ ...r, curveName: labels[i] ?? null })) }
        : { kind, list: list.map((r, i) => ({ ...r, name: labels[i] ?? null })) },
    );
    notify.success(t('pointConfig.saved'));
    onClose();
  };

  const ok = canSave(rows);
  return (
    <Modal
      open={open}
      onCancel={onClose}
      width={960}
      destroyOnHidden
      title={t(kind === 'curve' ? 'pointConfig.curveTitle' : 'pointConfig.pointTitle')}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button
          key="save"
          type="primary"
          data-testid="config-save"
          loading={save.isPending}
          disabled={!key || !ok || saved.isPending}
          onClick={() => void submit().catch(() => undefined)}
        >
          {t('pointConfig.save')}
        </Button>,
      ]}
    >
      {!key ? (
        <Alert type="info" showIcon title={t('pointConfig.noStation')} />
      ) : saved.isPending ? (
        <Skeleton active />
      ) : (
        <div className={styles.body}>
          <section className={styles.pane}>
            <div className={styles.paneTitle}>{t('pointConfig.deviceSource')}</div>
            <DeviceSourceSelect
              stationId={key.stationId}
              value={source?.id ?? null}
              onChange={(id, name) => {
                setSource({ id, name });
                setChecked([]);
              }}
            />
            <Segmented
              size="small"
              aria-label={t('pointConfig.pointKind')}
              options={kinds}
              value={sensType}
              onChange={(v) => {
                setSensType(v);
                setChecked([]);
              }}
            />
            <PointPicker
              cols={cols}
              loading={query.isPending}
              hasSource={source !== null}
              single={single}
              checked={checked}
              onChange={setChecked}
            />
            <Button block disabled={checked.length === 0} onClick={add} data-testid="config-add">
              {t('pointConfig.add')}
            </Button>
          </section>
          <section className={styles.pane}>
            <div className={styles.paneTitle}>
              <span>{t(kind === 'curve' ? 'pointConfig.curveName' : 'pointConfig.displayName')}</span>
              <span>{t('pointConfig.selected', { count: rows.length, max: single ? 1 : max })}</span>
            </div>
            {single ? <Alert type="info" showIcon title={t('pointConfig.single')} /> : null}
            {!ok ? <Alert type="warning" showIcon title={t('pointConfig.needSource')} /> : null}
            <SelectedRows
              rows={rows}
              labelTitle={t(kind === 'curve' ? 'pointConfig.curveName' : 'pointConfig.displayName')}
              onChange={setRows}
            />
          </section>
        </div>
      )}
    </Modal>
  );
}
