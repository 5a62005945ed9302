import { type ClientErrorReport, logApi } from '@ess/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetClientErrorReporting } from '@/lib/errors/report-client-error';
import { answer, apiServer } from '@/test/api-server';
import { BlockBoundary } from './block-boundary';

let broken = true;
function Chart() {
  if (broken) throw new Error('chart option is invalid');
  return <div data-testid="chart-ok" />;
}
function Page() {
  const [n] = useState(1);
  return (
    <div>
      <div data-testid="other-block">{n}</div>
      <BlockBoundary>
        <Chart />
      </BlockBoundary>
    </div>
  );
}

describe('BlockBoundary', () => {
  let reports: ClientErrorReport[];
  beforeEach(() => {
    broken = true;
    reports = [];
    resetClientErrorReporting();
    apiServer.use(
      answer(logApi.clientErrorAdd, (r) => {
        reports.push(r);
        return null;
      }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {}); // React reports the caught error
  });

  it('keeps the rest of the page when one block throws, reports it, and retries', async () => {
    render(<Page />);
    expect(screen.getByTestId('other-block').textContent).toBe('1');
    expect(screen.getByTestId('block-error').textContent).toContain('This block ran into an error');
    await vi.waitFor(() => expect(reports).toHaveLength(1));
    expect(reports[0]).toMatchObject({ kind: 'render', message: 'chart option is invalid' });
    expect(reports[0]?.stack).toContain('component stack');

    broken = false;
    fireEvent.click(screen.getByTestId('block-error-retry'));
    expect(screen.getByTestId('chart-ok')).toBeTruthy();
    expect(screen.queryByTestId('block-error')).toBeNull();
  });
});
