import { workorderMessages } from '@ess/contract';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useServerText } from '@/lib/i18n/server-text';
import type { ExecutorOption } from '../api/executor-options';

/**
 * The executor list of a new order: posts (every holder may take it) and users; at least one of
 * either, refused in the server's words ("executor cannot be empty").
 */
export function ExecutorFields({ posts, users }: { posts: ExecutorOption[]; users: ExecutorOption[] }) {
  const { t } = useTranslation();
  const server = useServerText();
  const none = t('workOrders.add.noExecutorOptions');
  return (
    <>
      <Form.Item name="postIds" label={t('workOrders.add.executorPosts')}>
        <Select
          mode="multiple"
          allowClear
          optionFilterProp="label"
          options={posts}
          notFoundContent={none}
          data-testid="order-add-posts"
        />
      </Form.Item>
      <Form.Item
        name="userIds"
        label={t('workOrders.add.executorUsers')}
        dependencies={['postIds']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, users: number[] | undefined) =>
              (users?.length ?? 0) + ((getFieldValue('postIds') as number[] | undefined)?.length ?? 0) > 0
                ? Promise.resolve()
                : Promise.reject(new Error(server(workorderMessages.workorderExecutorEmpty))),
          }),
        ]}
      >
        <Select
          mode="multiple"
          allowClear
          optionFilterProp="label"
          options={users}
          notFoundContent={none}
          data-testid="order-add-users"
        />
      </Form.Item>
    </>
  );
}
