import type { Endpoint } from '@ess/contract';
import { Result, Space, Table, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BlockBoundary } from '@/components/block-boundary';
import type { CrudConfig, CrudControls } from './crud-config';
import { DetailDrawer } from './detail-drawer';
import { FormModal } from './form-modal';
import { AddButton, ListCard } from './list-card';
import { NARROW_ACTIONS_WIDTH, type RowAction, RowActions, useNarrowActions } from './row-actions';
import { deleteAction, editAction } from './standard-actions';
import { useCrudWrite } from './use-crud-write';

type Editing<Row, V> = { row: Row | null; values: Partial<V> } | null;

export type CrudViewProps<
  Row extends object,
  V extends object,
  A extends Endpoint,
  U extends Endpoint,
  D extends Endpoint,
> = CrudConfig<Row, V, A, U, D> & {
  /** The list's own calls, refetched after every write. */
  listEntries: readonly Endpoint[];
  tableProps: Pick<TableProps<Row>, 'dataSource' | 'loading' | 'pagination' | 'onChange'>;
  failed: boolean;
  /** Rows the list holds in all (for a new row's defaults). */
  total: number;
  filterBar?: ReactNode;
  exportButton?: ReactNode;
};

/** Renders a declared list (CrudPage, CrudRowsPage): card, toolbar, table with its action column, dialogs. */
export function CrudView<
  Row extends object,
  V extends object,
  A extends Endpoint,
  U extends Endpoint,
  D extends Endpoint,
>(c: CrudViewProps<Row, V, A, U, D>) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Editing<Row, V>>(null);
  const [viewing, setViewing] = useState<Row | null>(null);
  const { write, refresh } = useCrudWrite([...c.listEntries, ...(c.invalidate ?? [])]);
  const form = c.form;

  const controls: CrudControls<Row, V> = {
    openAdd: (values) =>
      setEditing({
        row: null,
        values: values ?? (typeof form?.defaults === 'function' ? form.defaults(c.total) : form?.defaults) ?? {},
      }),
    openEdit: (row) => {
      // A failed read has been shown by the client (spec 8); the dialog stays closed.
      if (form?.load)
        form.load(row).then(
          (values) => setEditing({ row, values }),
          () => undefined,
        );
      else setEditing({ row, values: form?.valuesOf?.(row) ?? {} });
    },
    openDetail: setViewing,
  };

  const save = async (values: V): Promise<unknown> => {
    const row = editing?.row ?? null;
    if (form?.save) {
      await form.save(values, row);
      return refresh();
    }
    if (row && c.update?.input) {
      await write(c.update.endpoint, c.update.input(values, row));
      c.update.done?.(values, row);
    } else if (!row && c.add?.input) {
      await write(c.add.endpoint, c.add.input(values));
      c.add.done?.(values);
    }
    return undefined;
  };

  const narrowActions = useNarrowActions();
  const actionsOf = (row: Row): RowAction[] => {
    const key = c.rowTestKey(row);
    const out: RowAction[] = [];
    if (c.detail) {
      out.push({
        key: 'detail',
        label: t('crud.detail'),
        testId: `${c.testId}-detail-${key}`,
        onClick: () => setViewing(row),
      });
    }
    if (c.update && form) {
      const edit = editAction(t, {
        endpoint: c.update.endpoint,
        testId: `${c.testId}-edit-${key}`,
        blockedBy: c.update.blockedBy?.(row),
        onClick: () => controls.openEdit(row),
      });
      out.push(c.update.label ? { ...edit, label: c.update.label } : edit);
    }
    out.push(...(c.rowActions?.(row, controls) ?? []));
    const remove = c.remove;
    if (remove) {
      const action = deleteAction(t, {
        endpoint: remove.endpoint,
        name: c.rowName(row),
        testId: `${c.testId}-delete-${key}`,
        blockedBy: remove.blockedBy?.(row),
        // A refusal has been shown by the client (spec 8); nothing else to do.
        onDelete: () =>
          write(remove.endpoint, remove.input(row)).then(
            () => remove.done?.(row),
            () => undefined,
          ),
      });
      const hint = remove.hint?.(row);
      out.push({
        ...action,
        ...(remove.confirm ? { confirm: remove.confirm(row) } : {}),
        ...(hint && !action.disabled ? { tooltip: hint } : {}),
      });
    }
    return out;
  };

  const hasActions = Boolean(c.detail || (c.update && form) || c.remove || c.rowActions);
  const columns: ColumnsType<Row> = hasActions
    ? [
        ...c.columns,
        {
          key: 'actions',
          title: t('crud.actions'),
          // Narrow, long rows fold into "More" (row-actions.tsx): two links and "More" fit this.
          width: narrowActions ? Math.min(c.actionsWidth ?? 150, NARROW_ACTIONS_WIDTH) : (c.actionsWidth ?? 150),
          render: (_, row) => <RowActions actions={actionsOf(row)} />,
        },
      ]
    : c.columns;

  const modalProps = {
    open: editing !== null,
    row: editing?.row ?? null,
    initialValues: editing?.values ?? {},
    onClose: () => setEditing(null),
    onSubmit: save,
  };

  const table = (
    <Table<Row>
      key={c.tableKey}
      rowKey={c.rowKey ?? ('id' as keyof Row & string)}
      size="small"
      columns={columns}
      {...c.table}
      {...c.tableProps}
      data-testid={c.tableTestId ?? `${c.testId}-table`}
    />
  );

  const toolbar = (
    <Space>
      {c.toolbar?.(controls)}
      {c.exportButton}
      {c.add && form && (
        <AddButton
          endpoint={c.add.endpoint}
          label={c.add.label}
          testId={c.add.testId ?? `${c.testId}-add`}
          onClick={() => controls.openAdd()}
        />
      )}
    </Space>
  );
  const content = (
    <BlockBoundary>
      {c.frame
        ? c.frame(
            <>
              {c.filterBar}
              {table}
            </>,
          )
        : table}
      {form?.modal
        ? form.modal(modalProps)
        : form && (
            <FormModal<V>
              open={modalProps.open}
              width={form.width}
              title={titleOf(form.titles, editing?.row ?? null)}
              initialValues={modalProps.initialValues}
              onClose={modalProps.onClose}
              onSubmit={save}
              testId={`${c.testId}-form`}
            >
              {(f) =>
                typeof form.fields === 'function' ? form.fields(f, modalProps.row, modalProps.open) : form.fields
              }
            </FormModal>
          )}
      {c.detail?.drawer?.(viewing, () => setViewing(null))}
      {c.detail?.items && (
        <DetailDrawer
          open={viewing !== null}
          title={viewing ? c.detail.title?.(viewing) : ''}
          width={c.detail.width}
          items={viewing ? c.detail.items(viewing) : []}
          onClose={() => setViewing(null)}
          testId={`${c.testId}-detail`}
        />
      )}
      {c.extras}
    </BlockBoundary>
  );

  if (c.bare) {
    return (
      <div data-testid={c.cardTestId}>
        <div style={{ marginBottom: 12 }}>{toolbar}</div>
        {c.frame ? null : c.filterBar}
        {c.failed ? <Result status="warning" title={t('crud.loadFailed')} /> : content}
      </div>
    );
  }
  return (
    <ListCard
      title={c.title}
      testId={c.cardTestId ?? `${c.testId}-page`}
      failed={c.failed}
      filters={c.frame ? undefined : c.filterBar}
      toolbar={toolbar}
    >
      {content}
    </ListCard>
  );
}

/** The dialog's title: add, or edit (of the edited row). */
function titleOf<Row>(
  titles: { add?: ReactNode; edit: ReactNode | ((row: Row) => ReactNode) } | undefined,
  row: Row | null,
): ReactNode {
  if (!titles) return null;
  if (row === null) return titles.add;
  return typeof titles.edit === 'function' ? titles.edit(row) : titles.edit;
}
