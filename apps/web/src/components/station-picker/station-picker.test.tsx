import { type StationTree, shellApi } from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { answer, apiServer } from '@/test/api-server';
import { stationNode } from '@/test/fixtures';
import { renderWithClient } from '@/test/session-fixtures';
import { StationPicker } from './station-picker';

const SLOW = { timeout: 8000 };

/** Two provinces, so a pick walks province → station. */
const TREE: StationTree = [
  { kind: 'province', id: 'province:32', code: '32', name: 'Jiangsu', children: [stationNode(5), stationNode(6)] },
  {
    kind: 'province',
    id: 'province:44',
    code: '44',
    name: 'Guangdong',
    children: [stationNode(9, { name: 'Shenzhen Bay', provinceCode: '44', province: 'Guangdong' })],
  },
];

/** A form control's owner: keeps the value and reports every change. */
function Owner({ initial, changed }: { initial?: number; changed: (id: number | undefined) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <StationPicker
      value={value}
      onChange={(id) => {
        changed(id);
        setValue(id);
      }}
      testId="picker"
    />
  );
}

const combobox = async () => within(await screen.findByTestId('picker', {}, SLOW)).getByRole('combobox');
const clickTitle = async (title: string) =>
  fireEvent.click((await screen.findAllByTitle(title, {}, SLOW)).at(-1) as HTMLElement);

describe('station picker', { timeout: 30_000 }, () => {
  it('shows the chosen station by its name and picks another, province then station', async () => {
    apiServer.use(answer(shellApi.stationTree, TREE));
    const changed = vi.fn();
    renderWithClient(<Owner initial={6} changed={changed} />);
    const picker = await screen.findByTestId('picker', {}, SLOW);
    // Only the station's name, not its province (spec 2).
    await waitFor(() => expect(picker.textContent).toBe('Station 6'), SLOW);

    fireEvent.mouseDown(await combobox());
    await clickTitle('Guangdong');
    await clickTitle('Shenzhen Bay');
    expect(changed).toHaveBeenLastCalledWith(9);
    await waitFor(() => expect(picker.textContent).toBe('Shenzhen Bay'), SLOW);
  });

  it('finds a station by its province’s name in a search, and clears to no station', async () => {
    apiServer.use(answer(shellApi.stationTree, TREE));
    const changed = vi.fn();
    renderWithClient(<Owner changed={changed} />);
    const input = await combobox();
    fireEvent.mouseDown(input);
    // The list is in once its provinces are offered.
    await screen.findAllByTitle('Jiangsu', {}, SLOW);
    fireEvent.change(input, { target: { value: 'guang' } });
    // A search lists whole paths; the one match is Guangdong's station.
    const [hit, ...others] = await screen.findAllByRole('menuitemcheckbox', {}, SLOW);
    expect(others).toEqual([]);
    expect(hit?.textContent).toBe('Guangdong / Shenzhen Bay');
    if (hit) fireEvent.click(hit);
    expect(changed).toHaveBeenLastCalledWith(9);

    const clear = (await screen.findByTestId('picker', {}, SLOW)).querySelector('.ant-select-clear');
    if (!clear) throw new Error('no clear button');
    fireEvent.click(clear);
    expect(changed).toHaveBeenLastCalledWith(undefined);
  });
});
