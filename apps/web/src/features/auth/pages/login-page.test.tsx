import { ResultCode, sessionApi } from '@ess/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { answer, apiServer, recordCalls } from '@/test/api-server';
import { LoginPage } from './login-page';

// The page is under test, not the cipher (the contract tests it; jsdom's buffers are not
// WebCrypto's in Node).
vi.mock('@ess/contract', async (original) => ({
  ...(await original<typeof import('@ess/contract')>()),
  importPublicKey: async (pem: string) => ({ pem }) as unknown as CryptoKey,
  sealSecret: async (_key: CryptoKey, secret: string) => ({ cipher: secret, aesKey: 'k', iv: 'n' }),
}));

function renderLogin() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={['/login']}>
        <LoginPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const input = (testId: string) => {
  const el = screen.getByTestId(testId);
  return (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement;
};

describe('login form rules (spec 5)', () => {
  it('shows no rule before the user acts, both on an empty submit, and sends nothing', async () => {
    const calls = recordCalls();
    renderLogin();
    expect(screen.queryByText('Please enter your user name')).toBeNull();
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(screen.getByText('Please enter your user name')).toBeTruthy();
    expect(screen.getByText('Please enter your password')).toBeTruthy();
    expect(input('login-username').getAttribute('aria-invalid')).toBe('true');
    // Nothing reaches the network, even a moment later.
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([]);
  });

  it('refuses a user name of blanks and a short password, and clears each rule once it is met', () => {
    renderLogin();
    fireEvent.change(input('login-username'), { target: { value: '   ' } });
    expect(screen.getByText('Please enter your user name')).toBeTruthy();
    // Only the changed field shows its rule.
    expect(screen.queryByText('Please enter your password')).toBeNull();
    fireEvent.change(input('login-password'), { target: { value: '12345' } });
    expect(screen.getByText('The password has at least 6 characters')).toBeTruthy();
    fireEvent.change(input('login-username'), { target: { value: ' operator ' } });
    fireEvent.change(input('login-password'), { target: { value: '123456' } });
    expect(screen.queryByText('Please enter your user name')).toBeNull();
    expect(screen.queryByText('The password has at least 6 characters')).toBeNull();
    expect(input('login-username').getAttribute('aria-invalid')).toBe('false');
  });
});

describe('sign-in when the server is busy', () => {
  it('waits the Retry-After the server named, says so, and signs in again by itself', async () => {
    const busy = 'Too many sign-ins at this moment, try again in 1 s';
    let attempts = 0;
    apiServer.use(
      answer(sessionApi.publicKey, { publicKey: 'a key', expiresInMs: 600_000 }),
      http.post(`*/api${sessionApi.login.path}`, () => {
        attempts++;
        // Busy once, then an answer the page shows as it is (wrong password).
        return attempts === 1
          ? HttpResponse.json(
              { code: ResultCode.PASSWORD_BUSY, msg: busy, data: null },
              { status: 503, headers: { 'retry-after': '1' } },
            )
          : HttpResponse.json(
              { code: ResultCode.BAD_CREDENTIALS, msg: 'Wrong user name or password', data: null },
              { status: 400 },
            );
      }),
    );
    renderLogin();
    fireEvent.change(input('login-username'), { target: { value: 'operator' } });
    fireEvent.change(input('login-password'), { target: { value: 'secret-1' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    const waiting = await screen.findByTestId('login-waiting');
    expect(waiting.textContent).toContain(busy);
    expect(waiting.textContent).toContain('Signing in again by itself in 1 s');
    expect(attempts).toBe(1);
    // After the second and its jitter, the same sign-in again, without a click.
    await waitFor(
      () => expect(screen.getByTestId('login-error').textContent).toContain('Wrong user name or password'),
      {
        timeout: 4_000,
      },
    );
    expect(attempts).toBe(2);
    expect(screen.queryByTestId('login-waiting')).toBeNull();
  });
});
