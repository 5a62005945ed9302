import { sessionApi, shellApi, type UserInfo } from '@ess/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { useSession } from '@/lib/session/session-store';
import { answer } from './api-server';
import { stationNode, stationTreeOf } from './fixtures';

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
  screenOnly: false,
  lang: null,
});

/** Session, station 5 and the user's permissions, as the signed-in frame has them. */
export function sessionHandlers(powerList: string[]) {
  useSession.setState({ token: 'tok', stationId: 5 });
  return [
    answer(sessionApi.userInfo, userWith(powerList)),
    answer(shellApi.stationTree, stationTreeOf(stationNode(5))),
  ];
}

/** A page under a fresh query client and a router (no retries: a failed call shows at once). */
export function renderWithClient(node: ReactNode, path = '/') {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}
