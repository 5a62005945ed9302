import { useTranslation } from 'react-i18next';
import { ModelList } from '../components/model-list';

/** System menu "EMS models" (/system/ems-model): device models of type EMS and their points. */
export function EmsModelPage() {
  const { t } = useTranslation();
  return (
    <ModelList kind="ems" title={t('equipment.emsModels')} testIds={{ page: 'ems-model-page', row: 'ems-model' }} />
  );
}
