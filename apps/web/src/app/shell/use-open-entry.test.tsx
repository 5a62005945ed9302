import { type MenuItem, sessionApi, shellApi } from '@ess/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session/session-store';
import { answer, apiServer } from '@/test/api-server';
import { renderWithClient } from '@/test/session-fixtures';
import { useOpenEntry } from './use-open-entry';

/**
 * Issue 20 finding 6: a menu entry that opens a new window never hands the session's token (nor a
 * token that signs in as its holder) to another host. Only the visualisation host gets a sign-in
 * value: a one-time code.
 */
const SESSION_TOKEN = 'session-token-of-the-user';
const SCREEN_TOKEN = 'one-time-screen-token';
const VISUAL_CODE = 'one-time-visual-code';
const VISUAL = 'https://visual.example';

const entry = (url: string, external: boolean): MenuItem => ({
  id: 1,
  code: 'link',
  name: 'Link',
  perms: null,
  url,
  urlApp: null,
  icon: null,
  iconApp: null,
  pid: 0,
  pidName: null,
  orderNum: 1,
  type: 'menu',
  show: 'all',
  color: null,
  status: 1,
  hidden: false,
  isConfig: false,
  external,
  component: null,
  roles: [],
  stationTypes: [],
  stationList: [],
  createTime: '',
  updateTime: '',
  children: [],
});

function Opener({ item }: { item: MenuItem }) {
  const open = useOpenEntry();
  return (
    <button type="button" onClick={() => void open(item)}>
      open
    </button>
  );
}

/** The window a click opened: where it was sent (null: nowhere), and whether it was closed. */
type Tab = { opener: unknown; location: { href: string }; close: () => void; closed: boolean };
let tabs: Tab[];
let codesAskedFor: string[];
let sessionValid: boolean;

beforeEach(() => {
  tabs = [];
  codesAskedFor = [];
  sessionValid = true;
  useSession.setState({ token: SESSION_TOKEN, stationId: 5 });
  vi.spyOn(window, 'open').mockImplementation(() => {
    const tab: Tab = {
      opener: window,
      location: { href: 'about:blank' },
      closed: false,
      close: () => {
        tab.closed = true;
      },
    };
    tabs.push(tab);
    return tab as unknown as Window;
  });
  apiServer.use(
    answer(sessionApi.checkPlatToken, () => sessionValid),
    answer(sessionApi.logout, null),
    answer(sessionApi.applyLargeScreenToken, { token: SCREEN_TOKEN, expiresAt: Date.now() + 60_000 }),
    answer(sessionApi.visualCode, ({ url }) => {
      codesAskedFor.push(url);
      return { code: VISUAL_CODE, expiresAt: Date.now() + 60_000 };
    }),
    answer(shellApi.platformInfo, { version: '0.1.0', simulatedStationIds: [], visualOrigin: VISUAL }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function click(item: MenuItem): Promise<Tab> {
  renderWithClient(<Opener item={item} />);
  fireEvent.click(screen.getByRole('button', { name: 'open' }));
  await waitFor(() => expect(tabs[0] && (tabs[0].closed || tabs[0].location.href !== 'about:blank')).toBe(true));
  const tab = tabs[0];
  if (!tab) throw new Error('no window opened');
  return tab;
}

const carriesNoToken = (href: string) => {
  expect(href).not.toContain(SESSION_TOKEN);
  expect(href).not.toContain(SCREEN_TOKEN);
  expect(new URL(href).searchParams.has('token')).toBe(false);
};

describe('entries that open a new window', () => {
  it('send an external link as it is: no token, no code', async () => {
    for (const external of [true, false]) {
      tabs = [];
      const tab = await click(entry('https://partner.example/report?x=1', external));
      expect(tab.location.href).toBe('https://partner.example/report?x=1');
      expect(tab.opener).toBeNull();
      carriesNoToken(tab.location.href);
      document.body.innerHTML = '';
    }
    expect(codesAskedFor).toEqual([]);
  });

  it('give a link to the visualisation host a one-time code, never a token', async () => {
    const tab = await click(entry(`${VISUAL}/#/screen`, true));
    carriesNoToken(tab.location.href);
    const opened = new URL(tab.location.href);
    expect(opened.origin).toBe(VISUAL);
    expect(opened.searchParams.get('code')).toBe(VISUAL_CODE);
    expect(opened.hash).toBe('#/screen');
    expect(codesAskedFor).toEqual([`${VISUAL}/#/screen`]);
  });

  it('never send a backslashed path to the host a browser makes of it', async () => {
    const tab = await click(entry('/\\evil.example/p', true));
    expect(tab.closed).toBe(true);
    expect(tab.location.href).toBe('about:blank');
  });

  it('open a large screen of this platform with a one-time screen token, not the session token', async () => {
    const tab = await click(entry('/screen', false));
    const opened = new URL(tab.location.href);
    expect(opened.origin).toBe(window.location.origin);
    expect(opened.pathname).toBe('/screen');
    expect(opened.searchParams.get('token')).toBe(SCREEN_TOKEN);
    expect(tab.location.href).not.toContain(SESSION_TOKEN);
  });

  it('sign out instead of opening an external link when the session is no longer valid', async () => {
    sessionValid = false;
    const tab = await click(entry('https://partner.example/', true));
    expect(tab.closed).toBe(true);
    await waitFor(() => expect(useSession.getState().token).toBeNull());
  });
});
