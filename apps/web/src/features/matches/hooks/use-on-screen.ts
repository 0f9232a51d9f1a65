import { useCallback, useState, useSyncExternalStore } from 'react';

/** Rows this close to the viewport count as on screen, so a short scroll finds them already streaming. */
const NEAR_SCREEN_MARGIN = '200px 0px';

const watchers = new Map<Element, (onScreen: boolean) => void>();
let observer: IntersectionObserver | null = null;

/** One observer for every row of every list. */
function rowObserver(): IntersectionObserver {
  observer ??= new IntersectionObserver(
    (entries) => entries.forEach((e) => watchers.get(e.target)?.(e.isIntersecting)),
    { rootMargin: NEAR_SCREEN_MARGIN },
  );
  return observer;
}

const canObserve = () => typeof IntersectionObserver !== 'undefined';

function subscribeVisibility(listener: () => void): () => void {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}
const pageVisible = () => document.visibilityState !== 'hidden';

/**
 * Whether the element given the returned ref is on (or near) the screen of a visible browser tab;
 * true where the browser cannot tell. A row streams its prices only while this holds.
 */
export function useOnScreen(): [(element: Element | null) => (() => void) | undefined, boolean] {
  const [inView, setInView] = useState(() => !canObserve());
  const visible = useSyncExternalStore(subscribeVisibility, pageVisible, () => true);
  const ref = useCallback((element: Element | null) => {
    if (!element || !canObserve()) return undefined;
    watchers.set(element, setInView);
    rowObserver().observe(element);
    return () => {
      watchers.delete(element);
      observer?.unobserve(element);
    };
  }, []);
  return [ref, inView && visible];
}
