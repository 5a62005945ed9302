import {
  DEFAULT_THEME_CONFIG,
  HOME_PATH,
  type MenuItem,
  sessionApi,
  shellApi,
  themeApi,
  type UserInfo,
} from '@ess/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session/session-store';
import { stationStore } from '@/lib/storage';
import { answer, apiServer } from '@/test/api-server';
import { stationNode, stationTreeOf } from '@/test/fixtures';
import { MainLayout } from './main-layout';

/** The home page throws for station 5 (a page error on one station). */
vi.mock('@/app/page-registry', () => ({
  PAGES: {
    '/surveillance/site-homepage': () => {
      if (useSession((s) => s.stationId) === 5) throw new Error('broken station page');
      return <div data-testid="home-ok" />;
    },
  },
}));

const station = (id: number) => stationNode(id);
// Station 6 comes first: the frame's choice when no station is remembered.
const tree = stationTreeOf(station(6), station(5));
const user: UserInfo = {
  userId: 1,
  deptId: null,
  deptName: null,
  username: 'admin',
  realName: null,
  roles: ['admin'],
  powerList: [],
  readOnly: false,
  demo: false,
  sessionKind: 'pc',
  screenOnly: false,
  lang: null,
};
const entry = (id: number, pid: number, url: string | null, children: MenuItem[]): MenuItem => ({
  id,
  code: `m${id}`,
  name: `Menu ${id}`,
  perms: null,
  url,
  urlApp: null,
  icon: null,
  iconApp: null,
  pid,
  pidName: null,
  orderNum: 1,
  type: 'menu',
  show: 'all',
  color: null,
  status: 1,
  hidden: false,
  isConfig: false,
  external: false,
  component: null,
  roles: [],
  stationTypes: [],
  stationList: [],
  createTime: '',
  updateTime: '',
  children,
});
// A top entry holding the home page: the frame shows the sidebar with the station picker.
const menu = [entry(1, 0, null, [entry(2, 1, HOME_PATH, [])])];

function renderLayout() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[HOME_PATH]}>
        <MainLayout />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('MainLayout with a failing station', () => {
  let menuFailsFor: number | null;

  beforeEach(() => {
    menuFailsFor = null;
    stationStore.set(5);
    useSession.setState({ token: 'tok', stationId: 5 });
    apiServer.use(
      answer(sessionApi.userInfo, user),
      answer(themeApi.userTheme, ({ id }) => ({ userId: id, config: DEFAULT_THEME_CONFIG })),
      answer(shellApi.platformInfo, { version: '0.1.0', simulatedStationIds: [], visualOrigin: null }),
      answer(shellApi.stationTree, tree),
      answer(shellApi.exclusiveMenu, ({ stationId }) =>
        stationId === menuFailsFor ? { fail: { status: 500, code: 500, msg: 'menu failed' } } : menu,
      ),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {}); // React reports the caught error
  });
  afterEach(() => {
    vi.restoreAllMocks();
    stationStore.clear();
  });

  it('shows a page error inside the frame, and forgetting the remembered station opens another', async () => {
    renderLayout();
    await screen.findByTestId('page-error');
    // The frame stays: navbar and the sidebar's station picker.
    expect(screen.getByTestId('navbar')).toBeTruthy();
    expect(screen.getByTestId('station-cascader')).toBeTruthy();

    fireEvent.click(screen.getByTestId('page-error-forget-station'));
    await screen.findByTestId('home-ok');
    expect(screen.queryByTestId('page-error')).toBeNull();
    expect(stationStore.get()).toBe(6);
  });

  it('offers the station picker when the remembered station’s menu cannot be loaded', async () => {
    menuFailsFor = 5;
    renderLayout();
    await screen.findByText(i18next.t('session.loadFailed'));
    expect(screen.getByTestId('station-cascader')).toBeTruthy();
  });
});
