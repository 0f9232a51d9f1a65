import { useCallback, useState } from 'react';
import { useIsMobile } from '@/hooks/use-is-mobile';

/** The keys of a desk, on screen (folded away on a phone, where there is no keyboard to use them). */
export function DeskKeyHelp({ keys, testId }: { keys: [string, string][]; testId: string }) {
  const phone = useIsMobile();
  return (
    <details className="desk__help" open={!phone} data-testid={testId}>
      <summary>Keys</summary>
      <dl>
        {keys.map(([key, what]) => (
          <div key={key}>
            <dt>
              <kbd>{key}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/** Runs a desk's sends and says whether any is still on its way (for "Sending…"). */
export function useDeskSender() {
  const [busy, setBusy] = useState(0);
  const run = useCallback((send: () => Promise<unknown>) => {
    setBusy((n) => n + 1);
    void send().finally(() => setBusy((n) => n - 1));
  }, []);
  return { busy: busy > 0, run };
}
