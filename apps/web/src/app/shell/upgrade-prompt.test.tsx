import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { versionStore } from '@/lib/storage';
import { apiServer } from '@/test/api-server';
import { UpgradePrompt } from './upgrade-prompt';

const ship = (version: string) => apiServer.use(http.get('*/version.json', () => HttpResponse.json({ version })));

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe('upgrade prompt', () => {
  it('offers a shipped version that differs from the default 4.3.4 to a page on another build; later keeps it unstored', async () => {
    ship('9.9.9');
    render(<UpgradePrompt />);
    expect(await screen.findByText('Update now')).toBeTruthy();
    expect(screen.getByText(/9\.9\.9/)).toBeTruthy();
    fireEvent.click(screen.getByText('Later'));
    // Later stores nothing: the next check asks again.
    expect(versionStore.get()).toBeNull();
  });

  it('asks nothing of a new user whose page already runs the shipped build, and stores its version', async () => {
    ship(__APP_VERSION__);
    render(<UpgradePrompt />);
    await waitFor(() => expect(versionStore.get()).toBe(__APP_VERSION__));
    expect(screen.queryByText('Update now')).toBeNull();
  });
});
