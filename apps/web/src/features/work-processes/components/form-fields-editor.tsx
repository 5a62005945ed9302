import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { templateFormField, WORKORDER_LIMITS } from '@ess/contract';
import { Button, Checkbox, Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';

const FIELD_TYPES = templateFormField.shape.type.options;
const KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;

/** The extra fields a template's orders ask for: key, label, type, required, choices of a list. */
export function FormFieldsEditor() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  return (
    <Form.List name="formFields">
      {(rows, { add, remove }) => (
        <>
          {rows.map(({ key, name }) => (
            <Row key={key} gutter={8} align="top" data-testid={`form-field-${name}`}>
              <Col span={5}>
                <Form.Item
                  name={[name, 'key']}
                  rules={[
                    { required: true, pattern: KEY_PATTERN, message: t('workProcesses.template.fieldKeyFormat') },
                    {
                      validator: (_, v: string | undefined) => {
                        const keys: { key?: string }[] = form.getFieldValue('formFields') ?? [];
                        return v && keys.filter((f) => f?.key === v).length > 1
                          ? Promise.reject(new Error(t('workProcesses.template.fieldKeyDuplicate')))
                          : Promise.resolve();
                      },
                    },
                  ]}
                >
                  <Input placeholder={t('workProcesses.template.fieldKey')} maxLength={32} />
                </Form.Item>
              </Col>
              <Col span={5}>
                <Form.Item
                  name={[name, 'label']}
                  rules={[
                    { required: true, whitespace: true, message: t('workProcesses.template.fieldLabelRequired') },
                  ]}
                >
                  <Input placeholder={t('workProcesses.template.fieldLabel')} maxLength={50} />
                </Form.Item>
              </Col>
              <Col span={4}>
                <Form.Item name={[name, 'type']}>
                  <Select
                    aria-label={t('workProcesses.template.fieldType')}
                    options={FIELD_TYPES.map((v) => ({ value: v, label: t(`workProcesses.template.fieldTypes.${v}`) }))}
                  />
                </Form.Item>
              </Col>
              <Col span={6}>
                <Form.Item noStyle dependencies={[['formFields', name, 'type']]}>
                  {() =>
                    form.getFieldValue(['formFields', name, 'type']) === 'select' ? (
                      <Form.Item
                        name={[name, 'options']}
                        rules={[
                          {
                            required: true,
                            type: 'array',
                            min: 1,
                            message: t('workProcesses.template.optionsRequired'),
                          },
                        ]}
                      >
                        <Select mode="tags" placeholder={t('workProcesses.template.fieldOptions')} maxCount={30} />
                      </Form.Item>
                    ) : null
                  }
                </Form.Item>
              </Col>
              <Col span={3}>
                <Form.Item name={[name, 'required']} valuePropName="checked">
                  <Checkbox>{t('workProcesses.template.fieldRequired')}</Checkbox>
                </Form.Item>
              </Col>
              <Col span={1}>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('workProcesses.template.removeField')}
                  onClick={() => remove(name)}
                />
              </Col>
            </Row>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={rows.length >= WORKORDER_LIMITS.formFields}
            onClick={() => add({ key: '', label: '', type: 'text', required: false })}
            data-testid="form-field-add"
          >
            {t('workProcesses.template.addField')}
          </Button>
        </>
      )}
    </Form.List>
  );
}
