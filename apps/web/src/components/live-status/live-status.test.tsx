import { render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { cssRgb } from '@/test/colours';
import { LiveStatus } from './live-status';

describe('live status', () => {
  it('names the link state and shows how old the newest value is', () => {
    render(<LiveStatus status="polling" ts={Date.now() - 120_000} />);
    expect(screen.getByTestId('live-status').getAttribute('data-status')).toBe('polling');
    expect(screen.getByText('Polling')).toBeTruthy();
    // The colour is the theme's warning token, not a colour of its own.
    const dot = screen.getByTestId('live-status').querySelector<HTMLElement>('.ant-badge-status-dot');
    expect(dot?.style.background).toBe(cssRgb(theme.getDesignToken().colorWarning));
    expect(screen.getByTestId('live-status-updated').textContent).toBe('Updated 2 min ago');
  });

  it('says there is no live data yet, and shows no age when none is asked for', () => {
    const { rerender } = render(<LiveStatus status="connecting" ts={null} />);
    expect(screen.getByTestId('live-status-updated').textContent).toBe('No live data');
    rerender(<LiveStatus status="live" />);
    expect(screen.getByText('Live')).toBeTruthy();
    expect(screen.queryByTestId('live-status-updated')).toBeNull();
  });

  it('says the user no longer has access to the station, in the error colour', () => {
    render(<LiveStatus status="revoked" ts={null} />);
    expect(screen.getByTestId('live-status').getAttribute('data-status')).toBe('revoked');
    expect(screen.getByText('No access')).toBeTruthy();
    const dot = screen.getByTestId('live-status').querySelector<HTMLElement>('.ant-badge-status-dot');
    expect(dot?.style.background).toBe(cssRgb(theme.getDesignToken().colorError));
  });
});
