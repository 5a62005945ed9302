import { checkPhone, ORG_CODE_PATTERN, type OrgOption } from '@ess/contract';
import { Col, Form, Input, InputNumber, Row, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';

export type OrgFormValues = {
  pid: number;
  name: string;
  code: string;
  orderNum: number;
  leader?: string | null;
  phone?: string | null;
};

const PHONE_KEYS = ['validation.phoneEmpty', 'validation.phoneLength', 'validation.phoneFormat'] as const;
const phoneKey = (k: string) => PHONE_KEYS.find((p) => p === k) ?? 'validation.phoneFormat';

type TreeNode = { value: number; title: string; disabled?: boolean; children?: TreeNode[] };

/** The parent choices: a root entry, then the tree with `editedId` and everything below it disabled. */
export function parentChoices(options: OrgOption[], editedId: number | null, rootTitle: string): TreeNode[] {
  const walk = (nodes: OrgOption[], blocked: boolean): TreeNode[] =>
    nodes.map((o) => {
      const off = blocked || o.id === editedId;
      return { value: o.id, title: o.name, disabled: off, children: walk(o.children, off) };
    });
  return [{ value: 0, title: rootTitle }, ...walk(options, false)];
}

/** The fields of the organisation dialog (same rules as the server: code pattern, spec 5 phone when given). */
export function OrgFormFields({ options, editedId }: { options: OrgOption[]; editedId: number | null }) {
  const { t } = useTranslation();
  return (
    <Row gutter={12}>
      <Col span={24}>
        <Form.Item name="pid" label={t('orgAdmin.parent')} rules={[{ required: true }]}>
          <TreeSelect treeData={parentChoices(options, editedId, t('orgAdmin.root'))} treeDefaultExpandAll />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          name="name"
          label={t('orgAdmin.name')}
          rules={[{ required: true, whitespace: true, message: t('orgAdmin.nameRequired') }, { max: 64 }]}
        >
          <Input maxLength={64} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          name="code"
          label={t('orgAdmin.code')}
          rules={[
            { required: true, whitespace: true, message: t('orgAdmin.codeRequired') },
            { pattern: ORG_CODE_PATTERN, message: t('orgAdmin.codeFormat') },
          ]}
        >
          <Input maxLength={32} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="leader" label={t('orgAdmin.leader')}>
          <Input maxLength={32} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          name="phone"
          label={t('orgAdmin.phone')}
          rules={[
            {
              validator: async (_, v: string | null | undefined) => {
                // Optional; when given, spec 5's phone rules.
                const problem = v ? checkPhone(v.trim()) : null;
                if (problem) throw new Error(t(phoneKey(problem)));
              },
            },
          ]}
        >
          <Input maxLength={11} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="orderNum" label={t('orgAdmin.orderNum')}>
          <InputNumber min={0} max={99_999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
    </Row>
  );
}
