import { Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { describe, expect, it } from 'vitest';
import { tableOf, textOf } from './list-export';

type Row = { id: number; name: string; enabled: boolean; roles: string[]; owner: { name: string } };

/** A component whose text is made inside it: the export falls back to the raw value. */
const Opaque = (_: { value: number }) => null;

describe('list export', () => {
  it('reads the text a cell shows, nested elements in order', () => {
    // A Space draws its items apart; inline parts of one element run together.
    expect(textOf(<Space>{['a', <Tag key="t">b</Tag>, 3]}</Space>)).toBe('a b 3');
    expect(textOf(<span>{['a', <b key="b">b</b>, 3]}</span>)).toBe('ab3');
    expect(textOf(null)).toBe('');
    expect(textOf(false)).toBe('');
    const Flag = ({ on }: { on: boolean }) => <input type="checkbox" checked={on} readOnly />;
    Flag.cellText = ({ on }: { on: boolean }) => (on ? 'On' : 'Off');
    expect(textOf(<Flag on />)).toBe('On');
  });

  it('takes each column as shown: rendered labels, nested values, raw values behind opaque cells', () => {
    const columns: ColumnsType<Row> = [
      { title: 'Number', dataIndex: 'id', render: (v: number) => <Opaque value={v} /> },
      { title: <span>Name</span>, dataIndex: 'name' },
      { title: 'State', dataIndex: 'enabled', render: (on: boolean) => <Tag>{on ? 'Enabled' : 'Disabled'}</Tag> },
      { title: 'Roles', dataIndex: 'roles' },
      { title: 'Owner', dataIndex: ['owner', 'name'] },
      { title: 'Group', children: [{ title: 'Hidden', dataIndex: 'name', hidden: true }] },
    ];
    const rows: Row[] = [
      { id: 7, name: 'Ops', enabled: true, roles: ['a', 'b'], owner: { name: 'Olga' } },
      { id: 8, name: 'Read', enabled: false, roles: [], owner: { name: 'Rui' } },
    ];
    expect(tableOf(columns, rows)).toEqual({
      header: ['Number', 'Name', 'State', 'Roles', 'Owner'],
      cells: [
        [7, 'Ops', 'Enabled', 'a, b', 'Olga'],
        [8, 'Read', 'Disabled', '', 'Rui'],
      ],
    });
  });
});
