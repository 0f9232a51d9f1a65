import type { ReactNode } from 'react';

interface PageFrameProps {
  title: ReactNode;
  /** Controls shown at the right of the title bar. */
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/** The content card of a logged-in page: a title bar in the theme colour and the body under it. */
export function PageFrame({ title, actions, children, testId }: PageFrameProps) {
  return (
    <section className="page-frame" data-testid={testId}>
      <header className="page-frame__bar">
        <h1 className="page-frame__title">{title}</h1>
        {actions && <div className="page-frame__actions">{actions}</div>}
      </header>
      <div className="page-frame__body">{children}</div>
    </section>
  );
}
