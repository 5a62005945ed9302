import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Download, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { newSession, type Session, type SessionOptions, screenshot } from './browser';

/** Signs in through the login form. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

type SignedInState = NonNullable<SessionOptions['storageState']>;

/**
 * What a sign-in through the form left in the browser (the token's cookie and local storage),
 * per platform and user: a journey file signs each user in through the form once; later
 * sessions start from that state (a second tab of the same signed-in user) and skip the login
 * page and its password hash, about a second each. sign-in.e2e.ts tests the form itself.
 */
const signedInStates = new Map<string, SignedInState>();

/**
 * A new browser session signed in as `username`, on the site home page: from the state of an
 * earlier sign-in of this user on this platform while its session lives, else through the form.
 */
export async function signedInHome(
  browser: Browser,
  baseURL: string,
  username: string,
  password: string,
  width = 1440,
): Promise<Session> {
  const key = `${baseURL} ${username}`;
  const state = signedInStates.get(key);
  if (state) {
    const session = await newSession(browser, baseURL, width, { storageState: state });
    await session.page.goto('/surveillance/site-homepage');
    const home = session.page.getByTestId('site-home');
    await home.or(session.page.getByTestId('login-username')).first().waitFor();
    if (await home.isVisible()) return session;
    // The session ended (signed out, password changed): a fresh one, without this one's 401 in its console.
    signedInStates.delete(key);
    await session.context.close();
  }
  const session = await newSession(browser, baseURL, width);
  await session.page.goto('/login');
  await signIn(session.page, username, password);
  await waitForPath(session.page, '/surveillance/site-homepage');
  await session.page.getByTestId('site-home').waitFor();
  signedInStates.set(key, await session.context.storageState());
  return session;
}

/** The texts of the top menu entries shown in the navbar (not the folded ones). */
export async function topMenuTexts(page: Page): Promise<string[]> {
  const items = page.locator(
    '[data-testid="top-menu"] > li.ant-menu-item:not(.ant-menu-overflow-item-rest), [data-testid="top-menu"] > li.ant-menu-submenu:not(.ant-menu-overflow-item-rest)',
  );
  const texts = await items.evaluateAll((els) =>
    els.filter((e) => (e as HTMLElement).offsetParent !== null).map((e) => (e.textContent ?? '').trim()),
  );
  return texts.filter(Boolean);
}

/** Waits until the path (without query) equals `path`. */
export async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((u) => u.pathname === path, { timeout: 15_000 });
}

/** Waits until the locator matches exactly `n` elements (the UI updates after navigation). */
export async function waitForCount(locator: Locator, n: number): Promise<void> {
  await expect.poll(() => locator.count(), { timeout: 10_000, interval: 100 }).toBe(n);
}

/** Calls the API as the signed-in user of the page (its token) and returns the envelope's data. */
export async function apiData<T>(page: Page, path: string, body: unknown): Promise<T> {
  return page.evaluate(
    async ({ path, body }) => {
      const token = localStorage.getItem('ess_token') ?? '';
      const res = await fetch(`/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      const envelope = (await res.json()) as { code: number; msg: string; data: unknown };
      if (envelope.code !== 200) throw new Error(`${path}: ${envelope.code} ${envelope.msg}`);
      return envelope.data;
    },
    { path, body },
  ) as Promise<T>;
}

/** Chooses a station in the navbar's cascader and waits for the home page to show it. */
export async function pickStation(page: Page, province: string, station: string): Promise<void> {
  // Once (5 Dec, a full run on a loaded machine) the station's item was re-created for 30 s
  // while the click waited for it to hold still; the pick is tried afresh a few times instead.
  for (let attempt = 1; ; attempt++) {
    try {
      await page.getByTestId('station-cascader').click();
      await page.locator('.ant-cascader-menu-item', { hasText: province }).first().click({ timeout: 10_000 });
      await page.locator('.ant-cascader-menu-item', { hasText: station }).first().click({ timeout: 10_000 });
      break;
    } catch (err) {
      if (attempt === 3) throw err;
      await page.keyboard.press('Escape');
    }
  }
  await page.getByTestId('home-station-name').filter({ hasText: station }).waitFor();
}

/**
 * Opens `path` inside the running app, as a menu click does (history push + popstate, no
 * reload of the bundle), and waits until its requests have settled: none in flight for
 * `quietMs` (at most `maxMs`). Much faster than `page.goto` plus a fixed wait when a journey
 * walks every page.
 */
export async function openInApp(page: Page, path: string, quietMs = 400, maxMs = 8_000): Promise<void> {
  let inFlight = 0;
  let last = Date.now();
  const started = () => {
    inFlight++;
    last = Date.now();
  };
  const ended = () => {
    inFlight = Math.max(0, inFlight - 1);
    last = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await waitForPath(page, path);
    const until = Date.now() + maxMs;
    while (Date.now() < until && (inFlight > 0 || Date.now() - last < quietMs)) await page.waitForTimeout(100);
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/**
 * A download's bytes. The journeys' Chromium is shared and reached over a socket, where a
 * download has no local path: it is saved into a directory of this run, read, then removed.
 */
export async function downloadBytes(download: Download): Promise<Buffer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ess-download-'));
  try {
    const file = path.join(dir, 'file');
    await download.saveAs(file);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A download's text (UTF-8). */
export const downloadText = async (download: Download): Promise<string> =>
  (await downloadBytes(download)).toString('utf8');

/** Waits until the topmost open dialog has finished zooming in: a user reads it before pressing anything. */
export async function dialogSettled(page: Page): Promise<void> {
  const dialog = page.locator('.ant-modal-wrap:visible .ant-modal').last();
  await dialog.waitFor();
  await expect.poll(() => dialog.getAttribute('class'), { timeout: 5_000 }).not.toMatch(/ant-zoom/);
}

/**
 * Waits until the open select list has finished sliding in: a click on an option during the
 * motion can land on the list's old place, and the pick is lost.
 */
export async function dropdownSettled(page: Page): Promise<void> {
  const list = page.locator('.ant-select-dropdown:visible').last();
  await list.waitFor();
  await expect.poll(() => list.getAttribute('class'), { timeout: 5_000 }).not.toMatch(/ant-slide/);
}

/**
 * Picks an option of the antd select whose wrapper has `testId`, by its text, and waits until
 * the form item shows it. Under load a click during the list's motion was seen to leave the
 * select empty (work orders, equipment); the journey then picks again, as a user would, with a
 * screenshot of each miss, and fails after three tries.
 */
export async function chooseOption(page: Page, testId: string, option: string): Promise<void> {
  const shown = page.locator('.ant-form-item', { has: page.getByTestId(testId) }).filter({ hasText: option });
  for (let i = 1; ; i++) {
    // Opens the list unless it is still open from the last try (a click would close it).
    if (!(await page.locator('.ant-select-dropdown:visible').count())) await page.getByTestId(testId).click();
    await dropdownSettled(page);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
    const picked = await shown.waitFor({ timeout: 3_000 }).then(
      () => true,
      () => false,
    );
    if (picked) return;
    if (i >= 3) throw new Error(`${testId} does not show ${option} after ${i} picks`);
    await screenshot(page, `pick-${testId}-${i}`);
  }
}

/**
 * Hovers `trigger` until `target` shows: a hover popover opened while the page was still
 * rendering can miss the pointer's arrival, and a user then moves the pointer again.
 */
export async function hoverUntil(page: Page, trigger: Locator, target: Locator, tries = 3): Promise<void> {
  for (let i = 1; ; i++) {
    await trigger.hover();
    const shown = await target.waitFor({ timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    if (shown) return;
    if (i >= tries) throw new Error(`hovering did not show ${String(target)} after ${tries} tries`);
    await page.mouse.move(0, 0);
  }
}

/** A node of the menu tree the server builds for a user (`/sys/permission/per/exclusiveMenu`). */
export type MenuNode = { url: string | null; type: string; hidden: boolean; external: boolean; children?: MenuNode[] };

/** The pages of a menu tree a user can open from the menus: shown, inside the app, in tree order. */
export const menuPages = (nodes: MenuNode[]): string[] =>
  nodes.flatMap((n) =>
    n.children?.some((c) => c.type === 'menu')
      ? menuPages(n.children)
      : n.type === 'menu' && n.url && !n.hidden && !n.external
        ? [n.url]
        : [],
  );
