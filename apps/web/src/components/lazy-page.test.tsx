// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { lazyPage } from './lazy-page';

/**
 * A lazy page shows its spinner while its code arrives; once the code is there (an earlier visit
 * or a preload), a visit shows the page in its first render. A preloaded page would otherwise
 * suspend once and React hold the spinner for its suspense throttle (ADR 43).
 */
afterEach(cleanup);

const page = () => lazyPage(async () => ({ Page: () => <p>the page</p> }), (m) => m.Page);

it('shows the spinner on a first visit, and the page at once on the next', async () => {
  const Page = page();
  const first = render(<Page />);
  expect(screen.getByRole('status')).toBeTruthy();
  expect(await screen.findByText('the page')).toBeTruthy();
  first.unmount();
  render(<Page />);
  expect(screen.getByText('the page')).toBeTruthy();
  expect(screen.queryByRole('status')).toBeNull();
});

it('shows a preloaded page at once on its first visit', async () => {
  const Page = page();
  await act(async () => Page.preload());
  render(<Page />);
  expect(screen.getByText('the page')).toBeTruthy();
  expect(screen.queryByRole('status')).toBeNull();
});
