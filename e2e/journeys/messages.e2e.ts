import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { signedInHome, waitForPath } from '../support/journey';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from '../support/platform';
import { journeySuite } from '../support/suite';

const suite = journeySuite();

const signedIn = (username: string, password: string) =>
  signedInHome(suite.browser, suite.platform.url, username, password);

describe('messages', () => {
  it('sends a message to a user, who finds it in the bell and confirms reading it', async () => {
    const admin = await signedIn('admin', ADMIN_PASSWORD);
    await admin.page.goto('/operational-inspection/message-config');
    await admin.page.getByTestId('message-config-list').waitFor();
    await admin.page.getByRole('button', { name: '新增消息' }).click();
    await admin.page.getByTestId('message-title').fill('巡检通知');
    await admin.page.getByTestId('message-content').fill('明天九点巡检一号储能舱');
    await admin.page.getByLabel('用户').check();
    await admin.page.getByTestId('message-recipients').click();
    await admin.page.locator('.ant-select-item-option', { hasText: '张运行' }).click();
    await admin.page.keyboard.press('Escape');
    const end = admin.page.getByTestId('message-end');
    await end.click();
    await end.fill('2099-01-01 10:00:00');
    await end.press('Enter');
    await admin.page.locator('.ant-modal-footer .ant-btn-primary').click();
    const row = admin.page.getByTestId('message-config-list').locator('tr', { hasText: '巡检通知' });
    await row.waitFor();
    expect(await row.innerText()).toContain('播放中');
    await screenshot(admin.page, 'messages-config');

    const operator = await signedIn('operator', DEMO_PASSWORD);
    const bell = operator.page.getByTestId('message-bell');
    await expect.poll(() => bell.innerText(), { timeout: 10_000 }).toContain('1');
    await bell.hover();
    const item = operator.page.getByTestId('unread-messages').getByText('巡检通知');
    await item.waitFor();
    await screenshot(operator.page, 'messages-bell');
    await item.click();
    await operator.page.getByTestId('message-detail').filter({ hasText: '明天九点巡检一号储能舱' }).waitFor();
    await operator.page.getByTestId('confirm-read').click();
    await operator.page.getByTestId('message-detail').waitFor({ state: 'detached' });
    await expect.poll(() => bell.innerText(), { timeout: 10_000 }).not.toContain('1');

    // The received-messages page keeps it, read.
    await bell.hover();
    await operator.page.getByRole('button', { name: '查看全部消息' }).click();
    await waitForPath(operator.page, '/operational-inspection/user-message-config');
    const received = operator.page.getByTestId('received-messages').locator('tr', { hasText: '巡检通知' });
    await received.waitFor();
    expect(await received.innerText()).toContain('已读');
    expect(operator.consoleErrors).toEqual([]);
  });
});
