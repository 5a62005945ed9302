import { endpointPerms, type RateReprice, type RateRepriceBody, rateApi } from '@ess/contract';
import { Alert, Modal, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '@/components/crud';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { notify } from '@/lib/api/notifier';
import { signedDifference } from '@/lib/format/signed-difference';
import { useFormat } from '@/lib/format/use-format';
import { useLang } from '@/lib/i18n/use-lang';
import { RATE_WRITE_INVALIDATES } from '../api/rate-writes';

/** The permission that re-prices past days (administrators only). */
export const REPRICE_PERMS = endpointPerms(rateApi.rateReprice) ?? [];

/**
 * Re-pricing past days (issue 21 finding 3): the revenue of each day as earned and as it would
 * be re-priced, and the total difference, before anything is written; the apply is logged.
 */
export function RepriceModal({ body, onClose }: { body: RateRepriceBody | null; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const fmt = useFormat();
  const preview = useEndpoint(rateApi.rateRepricePreview, body);
  const apply = useEndpointMutation(rateApi.rateReprice, { invalidate: RATE_WRITE_INVALIDATES });
  const data = preview.data;
  const diff = (v: number) => {
    const d = signedDifference(v, lang, 2, data?.currency);
    return <Typography.Text type={d.tone === 'down' ? 'danger' : undefined}>{d.text}</Typography.Text>;
  };
  return (
    <Modal
      open={body !== null}
      onCancel={onClose}
      width={720}
      title={t('rates.reprice.title')}
      okText={t('rates.reprice.apply')}
      okButtonProps={{ danger: true, disabled: !data, loading: apply.isPending }}
      onOk={() =>
        body &&
        apply
          .mutateAsync(body)
          .then(() => {
            notify.success(t('messages.operationSucceeded'));
            onClose();
          })
          .catch(() => undefined)
      }
      data-testid="reprice-modal"
    >
      {preview.error && <Alert type="error" showIcon message={preview.error.message} />}
      {data && (
        <>
          <Alert type="warning" showIcon message={t('rates.reprice.warning', { from: data.from, today: data.today })} />
          {data.replaces.length > 0 && (
            <Alert
              type="info"
              showIcon
              style={{ marginTop: 8 }}
              message={t('rates.reprice.replaces', {
                list: data.replaces.map((r) => `${r.templateCode} (${r.validFrom})`).join(', '),
              })}
            />
          )}
          <Table<RateReprice['days'][number]>
            size="small"
            rowKey="date"
            style={{ marginTop: 8 }}
            pagination={false}
            scroll={{ y: 320 }}
            dataSource={data.days}
            data-testid="reprice-days"
            columns={[
              {
                title: t('rates.reprice.day'),
                dataIndex: 'date',
                render: (d: string) => (d === data.today ? t('rates.reprice.todaySoFar', { date: d }) : d),
              },
              {
                title: t('rates.reprice.old'),
                dataIndex: 'oldRevenue',
                align: 'right',
                render: (v: number | null) => fmt.money(v),
              },
              {
                title: t('rates.reprice.new'),
                dataIndex: 'newRevenue',
                align: 'right',
                render: (v: number | null) => fmt.money(v),
              },
              { title: t('rates.reprice.difference'), dataIndex: 'difference', align: 'right', render: diff },
            ]}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>{t('rates.reprice.total')}</Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  {fmt.money(data.oldTotal)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  {fmt.money(data.newTotal)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  <span data-testid="reprice-total">{diff(data.difference)}</span>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )}
          />
        </>
      )}
    </Modal>
  );
}
