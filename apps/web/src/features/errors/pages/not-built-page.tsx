import { ToolOutlined } from '@ant-design/icons';
import type { MenuItem } from '@ess/contract';
import { Card, Descriptions, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { capabilityOf } from '../capability';

type Props = { item: MenuItem; top: MenuItem | null };

/**
 * The honest page for a menu entry whose screen has not been built yet: it names the page and
 * the capability that will bring it, and shows nothing that pretends to be data.
 */
export function NotBuiltPage({ item, top }: Props) {
  const { t } = useTranslation();
  const capability = capabilityOf(item.url ?? '', top?.code ?? null);
  return (
    <Card data-testid="not-built">
      <Result
        icon={<ToolOutlined />}
        title={item.name}
        subTitle={t('notBuilt.subtitle', { capability: t(`capability.${capability}`) })}
      />
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('notBuilt.route')}>{item.url}</Descriptions.Item>
        <Descriptions.Item label={t('notBuilt.capability')}>{t(`capability.${capability}`)}</Descriptions.Item>
        {item.perms && <Descriptions.Item label={t('notBuilt.perms')}>{item.perms}</Descriptions.Item>}
      </Descriptions>
    </Card>
  );
}
