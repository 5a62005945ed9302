import { render, screen } from '@testing-library/react';
import { Button } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { useTheme } from '@/lib/theme/theme-store';
import { THEME_CSS_CLASS, ThemeFrame } from './theme-frame';

/** The CSS text of every rule the page's style elements hold. */
const styleText = () => [...document.querySelectorAll('style')].map((s) => s.textContent ?? '').join('\n');

describe('the theme frame', () => {
  const before = useTheme.getState().config;
  afterEach(() => useTheme.getState().replace(before));

  it("gives the app's own elements antd's theme variables, in the user's theme colour", () => {
    useTheme.getState().update({ theme: '#13a8a8' });
    render(
      <ThemeFrame lang="en_US">
        <span data-testid="own">menu entry</span>
        <Button type="primary">ok</Button>
      </ThemeFrame>,
    );
    // Our element sits under the class antd declares its variables on …
    expect(screen.getByTestId('own').closest(`.${THEME_CSS_CLASS}`)).not.toBeNull();
    // … and that class's rule holds the user's colour, not the default.
    const rule = styleText()
      .split('}')
      .find((r) => r.trimStart().startsWith(`.${THEME_CSS_CLASS}{`) && r.includes('--ant-color-primary:'));
    expect(rule).toContain('--ant-color-primary:#13a8a8;');
  });
});
