import { DICT_LIMITS, type DictTypeRow, dictApi } from '@ess/contract';
import { Col, Empty, Form, Input, InputNumber, Row, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage, ListCard } from '@/components/crud';
import { DICT_ITEM_WRITES } from '../api/dict-writes';

type Labels = { zh_CN: string; en_US: string; es_ES?: string; ja_JP?: string };
type Values = { key: string; value: string; labels: Labels; sort: number };

/** The items of the chosen type (detail list). */
export function DictItemList({ type }: { type: DictTypeRow | null }) {
  const { t } = useTranslation();
  if (!type) {
    return (
      <ListCard title={t('dictAdmin.items')} testId="dict-item-list">
        <Empty description={t('dictAdmin.pickType')} />
      </ListCard>
    );
  }
  const required = (message: string) => [{ required: true, whitespace: true, message }];
  return (
    <CrudPage
      title={t('dictAdmin.itemsOf', { type: type.type })}
      testId="dict-item"
      cardTestId="dict-item-list"
      list={dictApi.dictItemPage}
      fixed={{ typeId: type.id }}
      rowTestKey={(r) => r.key}
      rowName={(r) => r.label}
      invalidate={DICT_ITEM_WRITES}
      actionsWidth={130}
      filters={
        <Form.Item name="text">
          <Input allowClear placeholder={t('dictAdmin.text')} style={{ width: 180 }} />
        </Form.Item>
      }
      columns={[
        {
          key: 'key',
          title: t('dictAdmin.key'),
          dataIndex: 'key',
          sorter: true,
          render: (v: string, r) => (
            <>
              {v} {r.builtIn && <Tag>{t('dictAdmin.builtIn')}</Tag>}
            </>
          ),
        },
        { key: 'value', title: t('dictAdmin.value'), dataIndex: 'value', sorter: true },
        { key: 'label', title: t('dictAdmin.label'), dataIndex: 'label' },
        { key: 'sort', title: t('dictAdmin.sort'), dataIndex: 'sort', sorter: true, width: 80 },
      ]}
      add={{
        endpoint: dictApi.dictItemAdd,
        label: t('dictAdmin.addItem'),
        input: (v: Values) => ({ ...v, typeId: type.id }),
      }}
      update={{ endpoint: dictApi.dictItemUpdate, input: (v, r) => ({ ...v, id: r.id }) }}
      remove={{
        endpoint: dictApi.dictItemDelete,
        input: (r) => ({ id: r.id }),
        blockedBy: (r) => (r.builtIn ? t('dictAdmin.builtInItem') : undefined),
      }}
      form={{
        titles: { add: t('dictAdmin.addItem'), edit: t('dictAdmin.editItem') },
        width: 640,
        // A new item sorts last.
        defaults: (total) => ({ sort: total + 1 }),
        valuesOf: (r) => ({ key: r.key, value: r.value, labels: r.labels, sort: r.sort }),
        fields: (_, row) => (
          <Row gutter={12}>
            <Col span={12}>
              <Form.Item name="key" label={t('dictAdmin.key')} rules={required(t('dictAdmin.problems.keyRequired'))}>
                <Input maxLength={DICT_LIMITS.key} disabled={row?.builtIn ?? false} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="value"
                label={t('dictAdmin.value')}
                rules={required(t('dictAdmin.problems.valueRequired'))}
              >
                <Input maxLength={DICT_LIMITS.value} disabled={row?.builtIn ?? false} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name={['labels', 'zh_CN']}
                label={t('dictAdmin.labelZh')}
                rules={required(t('dictAdmin.problems.labelRequired'))}
              >
                <Input maxLength={DICT_LIMITS.label} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name={['labels', 'en_US']}
                label={t('dictAdmin.labelEn')}
                rules={required(t('dictAdmin.problems.labelRequired'))}
              >
                <Input maxLength={DICT_LIMITS.label} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name={['labels', 'es_ES']} label={t('dictAdmin.labelEs')}>
                <Input maxLength={DICT_LIMITS.label} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name={['labels', 'ja_JP']} label={t('dictAdmin.labelJa')}>
                <Input maxLength={DICT_LIMITS.label} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="sort" label={t('dictAdmin.sort')}>
                <InputNumber min={0} max={DICT_LIMITS.sort} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
        ),
      }}
    />
  );
}
