import { SEQUENCE_PERMS, type SequenceTemplate, sequenceApi } from '@ess/contract';
import { Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import {
  AddButton,
  deleteAction,
  editAction,
  ListCard,
  type RowAction,
  RowActions,
  useEndpointMutation,
} from '@/components/crud';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { notify } from '@/lib/api/notifier';
import { instantText, usePlatformTime } from '@/lib/format/platform-time';

type Props = {
  stationId: number;
  onRun: (template: SequenceTemplate) => unknown;
  onEdit: (template: SequenceTemplate | null) => void;
};

/**
 * The templates usable at the station (generic ones and its own), to run, edit or delete. A
 * built-in or generic template the user may not change (`editable`: administrators only) offers
 * "copy" instead: an editable copy for this station, opened in the editor.
 */
export function TemplateList({ stationId, onRun, onEdit }: Props) {
  const { t } = useTranslation();
  const clock = usePlatformTime();
  const templates = useEndpoint(sequenceApi.templates, { stationId });
  const remove = useEndpointMutation(sequenceApi.removeTemplate, { invalidate: [sequenceApi.templates] });
  const copy = useEndpointMutation(sequenceApi.copyTemplate, { invalidate: [sequenceApi.templates] });

  const copyToStation = async (r: SequenceTemplate) => {
    const made = await copy.mutateAsync({ id: r.id, stationId }).catch(() => null);
    if (!made) return;
    notify.success(t('sequence.copied'));
    onEdit({ ...r, id: made.id, stationId, stationName: null, builtIn: false, editable: true });
  };
  const changes = (r: SequenceTemplate): RowAction[] =>
    r.editable
      ? [
          editAction(t, {
            endpoint: sequenceApi.updateTemplate,
            onClick: () => onEdit(r),
            testId: `template-edit-${r.id}`,
          }),
          deleteAction(t, {
            endpoint: sequenceApi.removeTemplate,
            name: r.name,
            onDelete: () => remove.mutateAsync({ id: r.id }).catch(() => undefined),
            testId: `template-delete-${r.id}`,
          }),
        ]
      : [
          {
            key: 'copy',
            label: t('sequence.copy'),
            endpoint: sequenceApi.copyTemplate,
            tooltip: t(r.builtIn ? 'sequence.copyBuiltIn' : 'sequence.copyShared'),
            onClick: () => copyToStation(r),
            testId: `template-copy-${r.id}`,
          },
        ];

  const columns: ColumnsType<SequenceTemplate> = [
    {
      key: 'name',
      title: t('sequence.name'),
      render: (_, r) => (
        <>
          {r.name} {r.builtIn ? <Tag>{t('sequence.builtIn')}</Tag> : null}
        </>
      ),
    },
    {
      key: 'scope',
      title: t('sequence.scope'),
      render: (_, r) => (r.stationId === null ? t('sequence.generic') : (r.stationName ?? t('sequence.thisStation'))),
    },
    { key: 'steps', title: t('sequence.steps'), render: (_, r) => r.steps.length },
    {
      key: 'time',
      title: clock.withZone(t('sequence.updateTime')),
      render: (_, r) => instantText(clock, r.updateTime),
    },
    {
      key: 'actions',
      title: t('sequence.actions'),
      render: (_, r) => (
        <RowActions
          actions={[
            {
              key: 'run',
              label: t('sequence.run'),
              perms: [SEQUENCE_PERMS.run],
              onClick: () => onRun(r),
              testId: `template-run-${r.id}`,
            },
            ...changes(r),
          ]}
        />
      ),
    },
  ];

  return (
    <ListCard
      title={t('sequence.templates')}
      testId="sequence-templates"
      failed={templates.isError && !templates.data}
      toolbar={<AddButton endpoint={sequenceApi.addTemplate} onClick={() => onEdit(null)} testId="template-add" />}
    >
      <Table<SequenceTemplate>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={templates.data ?? []}
        loading={templates.isPending}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
      />
    </ListCard>
  );
}
