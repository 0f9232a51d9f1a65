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

/**
 * A page whose code loads on its first visit, in a chunk of its own, so it stays out of the
 * bettor's first load (docs/performance.md); the spinner shows while the chunk arrives.
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ComponentType {
  const Page = lazy(async () => {
    try {
      return { default: pick(await load()) };
    } catch (err) {
      // The reload replaces this page; until it does, the spinner stays.
      if (reloadForNewBuild()) return new Promise<never>(() => {});
      throw err;
    }
  });
  return function LazyPage() {
    return (
      <Suspense fallback={<Spinner />}>
        <Page />
      </Suspense>
    );
  };
}
