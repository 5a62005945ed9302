import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageTitleProvider, usePageTitle } from './page-title';

function Title({ url }: { url: string }) {
  return <span data-testid="title">{usePageTitle(url)}</span>;
}

describe('usePageTitle', () => {
  it("takes the user's menu entry (an administrator may rename it) for the page of its route", () => {
    render(
      <PageTitleProvider url="/remote-control/issue-order" name="Dispatch desk">
        <Title url="/remote-control/issue-order" />
      </PageTitleProvider>,
    );
    expect(screen.getByTestId('title').textContent).toBe('Dispatch desk');
  });

  it('falls back to the seeded menu name outside the shell', () => {
    render(<Title url="/remote-control/issue-order" />);
    expect(screen.getByTestId('title').textContent).toBe('Command delivery');
  });
});
