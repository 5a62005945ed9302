import { type StationTree, shellApi } from '@ess/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session/session-store';
import { answer, apiServer } from '@/test/api-server';
import { stationNode, stationTreeOf } from '@/test/fixtures';
import { resolveStation, useCurrentStation } from './current-station';

const station = (id: number) => stationNode(id);
const tree = stationTreeOf(station(6), station(5));

function renderCurrent(remembered: number | null, answerTree: StationTree) {
  useSession.setState({ token: 'tok', stationId: remembered });
  apiServer.use(answer(shellApi.stationTree, answerTree));
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={qc}>{children}</QueryClientProvider>
  );
  return renderHook(() => useCurrentStation(), { wrapper });
}

afterEach(() => useSession.setState({ stationId: null }));

describe('current station', () => {
  it('resolves the remembered station while visible, else the first, else none', () => {
    expect(resolveStation(tree, 5)?.id).toBe(5);
    expect(resolveStation(tree, 9)?.id).toBe(6);
    expect(resolveStation(tree, null)?.id).toBe(6);
    expect(resolveStation([], 5)).toBeNull();
    expect(resolveStation(undefined, 5)).toBeNull();
  });

  it('gives the remembered id before the list is in, then the remembered station’s row', async () => {
    const { result } = renderCurrent(5, tree);
    expect(result.current).toMatchObject({ stationId: 5, station: null, isPending: true });
    await waitFor(() => expect(result.current.station?.name).toBe('Station 5'));
    expect(result.current.stationId).toBe(5);
    expect(useSession.getState().stationId).toBe(5);
  });

  it('takes and remembers the first station when none is remembered or the remembered one is gone', async () => {
    const { result } = renderCurrent(9, tree);
    await waitFor(() => expect(result.current.station?.id).toBe(6));
    expect(result.current.stationId).toBe(6);
    await waitFor(() => expect(useSession.getState().stationId).toBe(6));
  });

  it('has no station for a user without stations, and forgets the remembered one', async () => {
    const { result } = renderCurrent(5, []);
    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(result.current).toMatchObject({ stationId: null, station: null });
    await waitFor(() => expect(useSession.getState().stationId).toBeNull());
  });
});
