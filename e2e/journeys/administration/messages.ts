import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../../support/browser';
import { dialogSettled, hoverUntil, signedInHome, waitForPath } from '../../support/journey';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from '../../support/platform';
import type { Suite } from '../../support/suite';

/** Journeys of messages, on the administration file's platform (administration.e2e.ts). */
export function messagesJourney(suite: Suite): void {
  const signedIn = (username: string, password: string) =>
    signedInHome(suite.browser, suite.platform.url, username, password);

  /** Fills and sends the add-message form of the configuration page to the operator (张运行), now. */
  async function sendToOperator(page: Page, title: string, content: string) {
    await page.getByRole('button', { name: '新增消息' }).click();
    await page.getByTestId('message-title').fill(title);
    await page.getByTestId('message-content').fill(content);
    await page.getByLabel('用户').check();
    await page.getByTestId('message-recipients').click();
    await page.locator('.ant-select-item-option', { hasText: '张运行' }).click();
    await page.keyboard.press('Escape');
    const end = page.getByTestId('message-end');
    await end.click();
    await end.fill('2099-01-01 10:00:00');
    await end.press('Enter');
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
  }

  describe('messages', () => {
    it('sends a message to a user, who finds it in the bell and confirms reading it', async () => {
      const admin = await signedIn('admin', ADMIN_PASSWORD);
      await admin.page.goto('/operational-inspection/message-config');
      await admin.page.getByTestId('message-config-list').waitFor();
      await sendToOperator(admin.page, '巡检通知', '明天九点巡检一号储能舱');
      const row = admin.page.getByTestId('message-config-list').locator('tr', { hasText: '巡检通知' });
      await row.waitFor();
      expect(await row.innerText()).toContain('播放中');
      await screenshot(admin.page, 'messages-config');

      const operator = await signedIn('operator', DEMO_PASSWORD);
      const bell = operator.page.getByTestId('message-bell');
      await expect.poll(() => bell.innerText(), { timeout: 10_000 }).toContain('1');
      const item = operator.page.getByTestId('unread-messages').getByText('巡检通知');
      await hoverUntil(operator.page, bell, item);
      await screenshot(operator.page, 'messages-bell');
      await item.click();
      await operator.page.getByTestId('message-detail').filter({ hasText: '明天九点巡检一号储能舱' }).waitFor();
      await dialogSettled(operator.page);
      await operator.page.getByTestId('confirm-read').click();
      await operator.page.getByTestId('message-detail').waitFor({ state: 'detached' });
      await expect.poll(() => bell.innerText(), { timeout: 10_000 }).not.toContain('1');

      // The received-messages page keeps it, read.
      const seeAll = operator.page.getByRole('button', { name: '查看全部消息' });
      await hoverUntil(operator.page, bell, seeAll);
      await seeAll.click();
      await waitForPath(operator.page, '/operational-inspection/user-message-config');
      const received = operator.page.getByTestId('received-messages').locator('tr', { hasText: '巡检通知' });
      await received.waitFor();
      expect(await received.innerText()).toContain('已读');

      // A message sent while the operator is signed in pops up at once (pushed on the live socket,
      // well before the bell's 60 s poll).
      await sendToOperator(admin.page, '消防演练', '下午三点消防演练');
      const popup = operator.page.locator('[data-testid^="message-popup-"]', { hasText: '消防演练' });
      await popup.waitFor({ timeout: 15_000 });
      expect(await popup.innerText()).toContain('下午三点消防演练');
      await screenshot(operator.page, 'messages-popup');
      expect(operator.consoleErrors).toEqual([]);
    });
  });
}
