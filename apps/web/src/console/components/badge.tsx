import type { ReactNode } from 'react';

/** A small status label: ok green, warn amber, bad red, muted grey. */
export function Badge({ tone, children, testId }: { tone: 'ok' | 'warn' | 'bad' | 'muted'; children: ReactNode; testId?: string }) {
  return (
    <span className={`console-badge console-badge--${tone}`} data-testid={testId}>
      {children}
    </span>
  );
}
