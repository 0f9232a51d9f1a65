import { useCallback, useState } from 'react';

/**
 * The keys of a desk, on screen: one line always, the whole list while the desk is in use (the
 * focus inside it). A phone, without the keys, gets the buttons instead.
 */
export function DeskKeyHelp({
  keys,
  short,
  testId,
}: {
  keys: [string, string][];
  short: string;
  testId: string;
}) {
  return (
    <div className="desk__help" data-testid={testId}>
      <p className="desk__help-short">{short}</p>
      <dl className="desk__help-full">
        {keys.map(([key, what]) => (
          <div key={key}>
            <dt>
              <kbd>{key}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
    </div>
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
