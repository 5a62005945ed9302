import { EQUIPMENT_LIMITS } from '@ess/contract';
import { Col, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** The four language names of a model or model type (Chinese required, the rest fall back to it). */
export function NamesFields({ span = 12 }: { span?: number }) {
  const { t } = useTranslation();
  const labels = {
    zh_CN: t('equipment.nameZh'),
    en_US: t('equipment.nameEn'),
    es_ES: t('equipment.nameEs'),
    ja_JP: t('equipment.nameJa'),
  } as const;
  return (
    <>
      {(Object.keys(labels) as (keyof typeof labels)[]).map((lang) => (
        <Col span={span} key={lang}>
          <Form.Item
            name={['names', lang]}
            label={labels[lang]}
            rules={lang === 'zh_CN' ? [{ required: true, whitespace: true, message: t('equipment.nameRequired') }] : []}
          >
            <Input maxLength={EQUIPMENT_LIMITS.nameMax} data-testid={`names-${lang}`} />
          </Form.Item>
        </Col>
      ))}
    </>
  );
}
