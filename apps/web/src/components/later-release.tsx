import { PageFrame } from './page-frame';

/** A section of the site that a later release fills in; says so plainly instead of showing a blank page. */
export function LaterRelease({ title, testId }: { title: string; testId?: string }) {
  return (
    <PageFrame title={title} testId={testId}>
      <p className="later-release">
        {title} opens in a later release of this site. Your account, balance and bets are not affected.
      </p>
    </PageFrame>
  );
}
