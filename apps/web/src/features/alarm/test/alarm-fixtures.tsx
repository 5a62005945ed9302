import { type AlarmEvent, sessionApi, shellApi, type UserInfo } from '@ess/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { useSession } from '@/lib/session/session-store';
import { answer } from '@/test/api-server';
import { stationNode, stationTreeOf } from '@/test/fixtures';

/** A signed-in user holding these permissions. */
export const userWith = (powerList: string[]): UserInfo => ({
  userId: 7,
  deptId: null,
  deptName: null,
  username: 'operator',
  realName: 'Olga Operator',
  roles: ['operator'],
  powerList,
  readOnly: false,
  demo: false,
  sessionKind: 'pc',
  lang: null,
});

/** An over-temperature alarm of station 5, raised at 08:0`id` UTC (16:0`id` in Shanghai). */
export const alarmEvent = (id: number, over: Partial<AlarmEvent> = {}): AlarmEvent => ({
  id,
  stationId: 5,
  stationName: 'Station 5',
  deviceId: 40 + id,
  deviceName: `BMS ${id}`,
  deviceType: 'bms',
  kind: 'rule',
  definitionId: 3,
  pointCode: 'cellTmax',
  pointName: 'Max cell temperature',
  value: 56 + id,
  limit: 55,
  level: 1,
  content: `BMS ${id} max cell temperature ${56 + id} > 55`,
  raisedAt: Date.UTC(2026, 10, 25, 8, id),
  recoveredAt: null,
  confirmed: false,
  confirmer: null,
  confirmedAt: null,
  remark: null,
  ...over,
});

/** Session, station 5 and the user's permissions, as the signed-in frame has them. */
export function sessionHandlers(powerList: string[]) {
  useSession.setState({ token: 'tok', stationId: 5 });
  return [
    answer(sessionApi.userInfo, userWith(powerList)),
    answer(shellApi.stationTree, stationTreeOf(stationNode(5))),
  ];
}

export function renderWithClient(node: ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}
