import type { AlarmEffectiveRule, LatestByTypeResult, OrderRow, OrderTrack, StationTree } from '@ess/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { apiData, chooseOption, dialogSettled, signedInHome } from '../support/journey';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from '../support/platform';
import { journeySuite } from '../support/suite';

/**
 * Issue 23's journey: one cabinet of GD-SZ01 (the maintainer's organisation) runs hot from the
 * start (SIMULATOR_FAULTS). As in the alarm centre's journey, the station's threshold of the
 * cabinet's "max cell temperature" definition is set 3 °C above its hottest cabinet now, so the
 * hot one crosses it within a minute. The administrator gives fault repairs a template whose
 * executor is the maintainer and a rule opening one for each critical or major alarm of the
 * station; the maintainer then takes the order through allocate, accept, back to allocation,
 * allocate again, accept and finish with a photo, and the alarm ends confirmed by that finish.
 */
const STATION = 'GD-SZ01';
const CABINET = 'GD-SZ01-CAB-01';
const MAINTAINER = '李运维';
const suite = journeySuite({ SIMULATOR_FAULTS: `${CABINET}:overTemperature:3600` });

const signedIn = (username: string, password: string) =>
  signedInHome(suite.browser, suite.platform.url, username, password, 1440);

const stationIdOf = (tree: StationTree, code: string): number | null =>
  tree.flatMap((p) => p.children).find((s) => s.code === code)?.id ?? null;

/** A 1×1 PNG: the photo of the finished repair (the store checks the content, not the name). */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A GET of the API as the page's user (the track is a GET). */
const apiGet = <T>(page: Page, path: string): Promise<T> =>
  page.evaluate(async (p) => {
    const res = await fetch(`/api${p}`, {
      headers: { authorization: `Bearer ${localStorage.getItem('ess_token') ?? ''}` },
    });
    const envelope = (await res.json()) as { code: number; msg: string; data: unknown };
    if (envelope.code !== 200) throw new Error(`${p}: ${envelope.code} ${envelope.msg}`);
    return envelope.data;
  }, path) as Promise<T>;

/** Takes a detail button's action and waits until its dialog is gone; says what it still shows if not. */
async function step(page: Page, action: string, fill: () => Promise<void> = async () => {}): Promise<void> {
  await page.getByTestId(`order-action-${action}`).click();
  const confirm = page.locator('.ant-modal').filter({ has: page.locator('[data-testid="order-confirm"]') });
  await dialogSettled(page);
  if (action === 'accept') await page.locator('[data-testid="order-confirm"] .ant-btn-primary').click();
  else await fill();
  if (action !== 'accept') await page.locator('[data-testid="order-action-form"] .ant-btn-primary').click();
  await page
    .locator('.ant-modal-wrap:visible')
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(async () => {
      await screenshot(page, `work-order-${action}-stuck`);
      const shown = await page.locator('.ant-modal-wrap:visible').allInnerTexts();
      const notices = await page.locator('.ant-message, .ant-notification').allInnerTexts();
      throw new Error(`the ${action} dialog stayed open: ${shown.join(' | ')}; notices: ${notices.join(' | ')}`);
    });
  await confirm.waitFor({ state: 'detached' });
}

describe('work orders', () => {
  it("a hot cabinet's alarm opens an order the maintainer handles to the end; the alarm is confirmed", async () => {
    const admin = await signedIn('admin', ADMIN_PASSWORD);
    const stationId = stationIdOf(await apiData<StationTree>(admin.page, '/business/station', {}), STATION);
    expect(stationId).not.toBeNull();
    const maintainerId = (
      await apiData<{ rows: { id: number; username: string }[] }>(admin.page, '/sys/user/page', {
        pageNum: 1,
        pageSize: 50,
        name: 'maintainer',
      })
    ).rows.find((u) => u.username === 'maintainer')?.id;
    expect(maintainerId).toBeDefined();

    // The alarm → order configuration: a fault-repair template done by the maintainer, a rule for the station.
    const { id: templateId } = await apiData<{ id: number }>(admin.page, '/workorder/template/add', {
      name: '告警维修',
      orderType: 1,
      definitionKey: 'fault_repair',
      executorPostIds: [],
      executorUserIds: [maintainerId],
      slaHours: 24,
      formFields: [],
      enabled: true,
    });
    await apiData(admin.page, '/workorder/rule/save', { stationId, minLevel: 2, templateId, enabled: true });

    // The hot cabinet crosses the station's threshold within a minute (see above).
    const rules = await apiData<AlarmEffectiveRule[]>(admin.page, '/alarm/config/station/rules', { stationId });
    const hot = rules.find((r) => r.deviceType === 'cabinet' && r.pointCode === 'cellTmax' && r.condition === 'gt');
    expect(hot, 'a seeded over-temperature definition for cabinets').toBeDefined();
    const cabinets = await apiData<LatestByTypeResult>(admin.page, '/business/device/latestByType', {
      stationId,
      type: 'cabinet',
    });
    const hottest = Math.max(...cabinets.devices.map((d) => d.values.cellTmax?.value ?? 0));
    expect(hottest).toBeGreaterThan(0);
    const hotCabinet = cabinets.devices.find((d) => d.sn === CABINET);
    expect(hotCabinet, 'the faulty cabinet').toBeDefined();
    await apiData(admin.page, '/alarm/config/station/save', {
      stationId,
      definitionId: hot?.definitionId,
      threshold: Math.min(55, Math.ceil(hottest) + 3),
    });

    // The order of the hot cabinet's alarm arrives in the maintainer's to-do.
    const { page, consoleErrors } = await signedIn('maintainer', DEMO_PASSWORD);
    const todo = () =>
      apiData<{ rows: OrderRow[] }>(page, '/workorder/order/page', {
        scope: 'todo',
        stationId,
        pageNum: 1,
        pageSize: 50,
      });
    await expect
      .poll(async () => (await todo()).rows.some((o) => o.deviceId === hotCabinet?.id && o.alarmEventId !== null), {
        timeout: 150_000,
        interval: 2_000,
      })
      .toBe(true);
    const order = (await todo()).rows.find((o) => o.deviceId === hotCabinet?.id && o.alarmEventId !== null);
    if (!order) throw new Error('no order for the hot cabinet');
    expect(order.source).toBe('automatic');
    await page.goto('/operational-inspection/task');
    await page.getByTestId('my-orders-page').waitFor({ timeout: 30_000 });
    const link = page.getByTestId(`order-todo-number-${order.number}`);
    await link.waitFor({ timeout: 30_000 }).catch(async (err: unknown) => {
      await screenshot(page, 'work-order-todo-missing');
      throw err;
    });
    await screenshot(page, 'work-order-todo-1440');
    await link.click();
    await page.getByTestId('order-detail-page').waitFor();

    // allocate → accept → back to allocation with an opinion → allocate again → accept → finish with a photo.
    await step(page, 'allocate', () => chooseOption(page, 'order-action-user', MAINTAINER));
    await step(page, 'accept');
    await step(page, 'back', async () => {
      await chooseOption(page, 'order-action-node', '派单');
      await page.getByTestId('order-action-opinion').fill('需要带绝缘检测仪，重新派单');
    });
    await step(page, 'allocate', () => chooseOption(page, 'order-action-user', MAINTAINER));
    await step(page, 'accept');
    await step(page, 'finish', async () => {
      await page.getByTestId('order-action-opinion').fill('更换风扇，温度恢复正常');
      await page
        .locator('[data-testid="order-action-photos"] input[type="file"]')
        .setInputFiles({ name: 'repair.png', mimeType: 'image/png', buffer: PHOTO });
      await page.locator('[data-testid="order-action-photos"] .ant-upload-list-item-done').waitFor({ timeout: 15_000 });
    });

    // The track shows every step, with the back's opinion and the finish's photo.
    const actions = ['create', 'allocate', 'accept', 'back', 'allocate', 'accept', 'finish'];
    const steps = page.locator('[data-testid^="order-track-step-"]');
    await expect.poll(() => steps.count(), { timeout: 15_000 }).toBe(actions.length);
    const track = await apiGet<OrderTrack>(page, `/workorder/order/${order.id}/track`);
    expect(track.steps.map((s) => s.action)).toEqual(actions);
    expect(track.steps.slice(1).every((s) => s.userName === MAINTAINER)).toBe(true);
    expect(track.steps[3]?.opinion).toBe('需要带绝缘检测仪，重新派单');
    expect(await steps.nth(3).innerText()).toContain('需要带绝缘检测仪，重新派单');
    expect(await steps.nth(6).locator('[data-testid^="order-file-"]').count()).toBe(1);
    await screenshot(page, 'work-order-detail-1440');

    // The alarm is confirmed by the finish, with its opinion.
    const alarmId = order.alarmEventId ?? 0;
    // The history lists the current station's alarms: the administrator's is another one.
    await admin.page.evaluate((id) => localStorage.setItem('ess.stationId', String(id)), stationId);
    await admin.page.goto('/alarm/history');
    const row = admin.page.getByTestId(`alarm-history-row-${alarmId}`);
    await row.waitFor({ timeout: 15_000 });
    expect(await admin.page.getByTestId(`alarm-confirmer-${alarmId}`).innerText()).toBe(MAINTAINER);
    expect(await row.innerText()).toContain('更换风扇，温度恢复正常');
    expect(consoleErrors).toEqual([]);
  }, 300_000);
});
