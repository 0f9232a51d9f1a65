import type { ReactNode } from 'react';

/**
 * The box a data table scrolls sideways in when it is wider than the screen. Its rows hold only
 * text, so the box itself takes the keyboard focus (the arrow keys then scroll it) and is a
 * region named after the table for a screen reader (WCAG 2.1.1, axe's
 * scrollable-region-focusable; ADR 44). Tables whose rows hold links or buttons (the match
 * lists) need no such stop: tabbing through them scrolls them.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
