import { shellApi } from '@ess/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, apiServer } from '@/test/api-server';
import { DemoTag } from './demo-tag';

const renderTag = (stationId: number | null) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <DemoTag stationId={stationId} />
    </QueryClientProvider>,
  );

describe('demo data tag', () => {
  it('marks a station fed by the built-in simulator, and only such a station', async () => {
    apiServer.use(answer(shellApi.platformInfo, { version: '0.1.0', simulatedStationIds: [3, 5], visualOrigin: null }));
    renderTag(5);
    expect((await screen.findByTestId('demo-data-tag')).textContent).toBe('Demo data');
  });

  it('stays away for a real station', async () => {
    let asked = 0;
    apiServer.use(
      answer(shellApi.platformInfo, () => {
        asked++;
        return { version: '0.1.0', simulatedStationIds: [3], visualOrigin: null };
      }),
    );
    renderTag(4);
    await new Promise((r) => setTimeout(r, 50));
    expect(asked).toBe(1);
    expect(screen.queryByTestId('demo-data-tag')).toBeNull();
  });
});
