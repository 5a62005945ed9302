import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type LaunchOptions, type Page } from 'playwright-core';
import { provided } from './provided-context';

/** Resolves to this machine in the journeys' browser. */
export const LAN_HOST = 'ess-lan.test';

const SCREENSHOTS = path.resolve(import.meta.dirname, '../screenshots');

/**
 * Debian's headless shell (package chromium-headless-shell) when installed: the same engine
 * without the full browser's windowing layers, a sixth less CPU per journey on a 2-core machine
 * (docs/performance.md, CI time); else the full browser.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const defaultChromium = () => (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** Debian's Chromium, headless, with the flags this offline machine needs (toolchain.md). */
export const CHROMIUM_LAUNCH: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? defaultChromium(),
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // A LAN host name for the platform (not localhost, which browsers treat as secure).
    `--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`,
  ],
};

/**
 * The run's Chromium (started once by global-setup.ts; every journey gets fresh contexts of
 * its own, see newSession), or one launched for this file when there is none. `close` only
 * disconnects from the shared one.
 */
export async function launchBrowser(): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const shared = provided('browserWsEndpoint');
  const browser = shared ? await chromium.connect(shared) : await chromium.launch(CHROMIUM_LAUNCH);
  return {
    browser,
    close: () => browser.close(),
  };
}

export type Session = { context: BrowserContext; page: Page; consoleErrors: string[] };

/** Contexts opened by the running journey; closed after it (see closeSessions). */
const openContexts = new Set<BrowserContext>();

/**
 * Closes every context the journey opened. Left open, each keeps its page live (socket, energy
 * flow animation, charts) and the later journeys of the file run in a browser ever busier, where
 * popups never settle.
 */
export async function closeSessions(): Promise<void> {
  const contexts = [...openContexts];
  openContexts.clear();
  await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
}

/**
 * Context options a journey may change: the browser's time zone (`timezoneId`, e.g. 'UTC');
 * `storageState`, the cookies and local storage of an earlier session (journey.ts `signedInHome`).
 */
export type SessionOptions = {
  timezoneId?: string;
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>;
};

/** A fresh browser context (own storage) with console errors and page crashes collected. */
export async function newSession(
  browser: Browser,
  baseURL: string,
  width = 1440,
  options: SessionOptions = {},
): Promise<Session> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height: 900 },
    locale: 'zh-CN',
    // As an operator who set "reduce motion": dialogs, menus and the energy flow appear at once
    // (app.tsx), so no click lands on a popup still moving and the renderer idles between steps.
    reducedMotion: 'reduce',
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    ...(options.storageState ? { storageState: options.storageState } : {}),
  });
  openContexts.add(context);
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });
  page.on('pageerror', (err) => consoleErrors.push(err.message));
  return { context, page, consoleErrors };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: false });
}
