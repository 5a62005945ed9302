import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyNamed } from './lazy-named';

const Hello = ({ who }: { who: string }) => <p>{`hello ${who}`}</p>;

describe('lazyNamed', () => {
  it('loads on first render behind Suspense', async () => {
    const Lazy = lazyNamed(async () => ({ Hello }), 'Hello');
    await act(async () => {
      render(
        <Suspense fallback={<p>loading</p>}>
          <Lazy who="a" />
        </Suspense>,
      );
    });
    expect(screen.getByText('hello a')).toBeTruthy();
  });

  it('renders a preloaded module at once, without a fallback', async () => {
    let loads = 0;
    const Lazy = lazyNamed(async () => {
      loads++;
      return { Hello };
    }, 'Hello');
    await act(() => Lazy.preload());
    render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy who="b" />
      </Suspense>,
    );
    expect(screen.queryByText('loading')).toBeNull();
    expect(screen.getByText('hello b')).toBeTruthy();
    expect(loads).toBe(1);
  });
});
