import { configApi, DEFAULT_HOME_BLOCKS, type HomeBlockSetting, type HomeDefault, homeConfigApi } from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installNotifier } from '@/lib/api/notifier';
import { answer, apiServer } from '@/test/api-server';
import { renderWithClient, sessionHandlers } from '@/test/session-fixtures';
import { SiteConfigurationPage } from './site-configuration-page';

const SLOW = { timeout: 5000 };
const PERMS = ['sys:siteConfiguration:query', 'sys:siteConfig:home'];

describe('home page default of the current station', () => {
  const success = vi.fn();
  afterEach(() => {
    installNotifier(null);
    success.mockReset();
  });

  it('moves and hides blocks, saves the default and applies it to all users', async () => {
    const saves: { stationId: number; blocks: HomeBlockSetting[] }[] = [];
    const resets: number[] = [];
    installNotifier({ warning: vi.fn(), error: vi.fn(), success });
    apiServer.use(
      ...sessionHandlers(PERMS),
      answer(configApi.siteSyncList, []),
      answer(homeConfigApi.homeDefault, ({ stationId }) => ({
        stationId,
        blocks: saves.at(-1)?.blocks ?? DEFAULT_HOME_BLOCKS,
        saved: saves.length > 0,
        updateTime: saves.length > 0 ? Date.UTC(2026, 10, 25, 8, 0) : null,
      })),
      answer(homeConfigApi.homeDefaultSave, (body): HomeDefault => {
        saves.push(body);
        return {
          stationId: body.stationId,
          blocks: body.blocks,
          saved: true,
          updateTime: Date.UTC(2026, 10, 25, 8, 0),
        };
      }),
      answer(homeConfigApi.homeDefaultResetUsers, ({ stationId }) => {
        resets.push(stationId);
        return { reset: 3 };
      }),
    );
    renderWithClient(<SiteConfigurationPage />);
    fireEvent.click(await screen.findByText('Home page', {}, SLOW));
    const card = await screen.findByTestId('home-default-card', {}, SLOW);
    expect(await within(card).findByText('The built-in order applies', {}, SLOW)).toBeTruthy();

    // The second block moves up to first; the weather is hidden.
    const second = await within(card).findByTestId(`home-default-${DEFAULT_HOME_BLOCKS[1]?.key}`, {}, SLOW);
    fireEvent.click(within(second).getByRole('button', { name: 'Move up' }));
    fireEvent.click(within(card).getByTestId('home-default-weather-visible'));
    fireEvent.click(within(card).getByTestId('home-default-save'));

    const expected = DEFAULT_HOME_BLOCKS.map((b) => (b.key === 'weather' ? { ...b, visible: false } : b));
    const [first, next, ...rest] = expected;
    await waitFor(() => expect(saves).toEqual([{ stationId: 5, blocks: [next, first, ...rest] }]));
    expect(await within(card).findByText(/^Saved /, {}, SLOW)).toBeTruthy();
    expect(success).toHaveBeenCalledWith('Operation succeeded', expect.any(Number));

    fireEvent.click(within(card).getByTestId('home-default-apply'));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(resets).toEqual([5]));
    await waitFor(() => expect(success).toHaveBeenLastCalledWith('Home layout reset for 3 users', expect.any(Number)));
  }, 30_000);

  it('has no home tab without the home button', async () => {
    apiServer.use(...sessionHandlers(['sys:siteConfiguration:query']), answer(configApi.siteSyncList, []));
    renderWithClient(<SiteConfigurationPage />);
    await screen.findByTestId('sync-list-site', {}, SLOW);
    expect(screen.queryByText('Home page')).toBeNull();
  });
});
