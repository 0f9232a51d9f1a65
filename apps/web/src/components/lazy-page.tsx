import { lazy, Suspense, useState, type ComponentType } from 'react';
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
export type LazyPage<P extends object = object> = ComponentType<P> & { preload(): void };

/**
 * A page whose code loads on its first visit, in a chunk of its own, so it stays out of the
 * bettor's first load (docs/performance.md); the spinner shows while the chunk arrives.
 *
 * Once `preload` brought its code, the first visit renders the page at once: a lazy component
 * suspends on its first render even when its module is already loaded, and React then keeps the
 * fallback on screen for its throttle (300 ms) before revealing the page (ADR 43).
 */
export function lazyPage<M, P extends object = object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): LazyPage<P> {
  let loaded: ComponentType<P> | null = null;
  const loadPage = async () => (loaded = pick(await load()));
  const Page = lazy(async () => {
    try {
      return { default: await loadPage() };
    } catch (err) {
      // The reload replaces this page; until it does, the spinner stays.
      if (reloadForNewBuild()) return new Promise<never>(() => {});
      throw err;
    }
  });
  function LazyPage(props: P) {
    // Chosen once per visit: the page is never remounted when its code arrives meanwhile.
    const [Loaded] = useState(() => loaded);
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={<Spinner />}>
        <Page {...props} />
      </Suspense>
    );
  }
  // A failed preload is retried by the visit itself (and reloads for a new build there).
  LazyPage.preload = () => void loadPage().catch(() => undefined);
  return LazyPage;
}
