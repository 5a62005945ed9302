import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-boundary';

let broken: boolean;
function Page() {
  if (broken) throw new Error('page failed');
  return <span data-testid="page" />;
}

const view = (resetKey: string) => (
  <ErrorBoundary resetKey={resetKey} fallback={(retry) => <button type="button" data-testid="retry" onClick={retry} />}>
    <Page />
  </ErrorBoundary>
);

describe('ErrorBoundary', () => {
  beforeEach(() => {
    broken = true;
    vi.spyOn(console, 'error').mockImplementation(() => {}); // React reports the caught error
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the fallback instead of a child that threw; retry and a new reset key render it again', () => {
    const { rerender } = render(view('a'));
    expect(screen.getByTestId('retry')).toBeTruthy();
    // Still failing: retrying shows the fallback again.
    fireEvent.click(screen.getByTestId('retry'));
    expect(screen.getByTestId('retry')).toBeTruthy();
    broken = false;
    fireEvent.click(screen.getByTestId('retry'));
    expect(screen.getByTestId('page')).toBeTruthy();

    broken = true;
    rerender(view('b'));
    expect(screen.getByTestId('retry')).toBeTruthy();
    broken = false;
    rerender(view('c')); // another page or station
    expect(screen.getByTestId('page')).toBeTruthy();
  });
});
