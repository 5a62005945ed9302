import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { recordCalls } from '@/test/api-server';
import { LoginPage } from './login-page';

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
