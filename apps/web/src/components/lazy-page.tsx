import { lazy, Suspense, type ComponentType } from 'react';
import { Spinner } from './spinner';

const RELOADED_AT_KEY = 'lazyChunkReloadAt';

/**
 * After a release, a tab opened on the previous build asks for chunks that no longer exist.
 * Reloading once takes the new build; a second failure within a minute is a real error.
 */
function reloadForNewBuild(): boolean {
  const last = Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
  if (Date.now() - last < 60_000) return false;
  sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
  window.location.reload();
  return true;
}

/** A lazily loaded page; `preload` fetches and runs its chunk ahead of the first visit. */
export type LazyPage = ComponentType & { preload(): void };

/**
 * A page whose code loads on its first visit, in a chunk of its own, so it stays out of the
 * bettor's first load (docs/performance.md); the spinner shows while the chunk arrives, unless
 * `preload` brought it before (the module is loaded once either way).
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage {
  const Page = lazy(async () => {
    try {
      return { default: pick(await load()) };
    } catch (err) {
      // The reload replaces this page; until it does, the spinner stays.
      if (reloadForNewBuild()) return new Promise<never>(() => {});
      throw err;
    }
  });
  function LazyPage() {
    return (
      <Suspense fallback={<Spinner />}>
        <Page />
      </Suspense>
    );
  }
  // A failed preload is retried by the visit itself (and reloads for a new build there).
  LazyPage.preload = () => void load().catch(() => undefined);
  return LazyPage;
}
