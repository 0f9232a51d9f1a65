import { useGlobalSettings } from '@/lib/global-settings';

/** The operator's scrolling message under the header. */
export function SiteMessage() {
  const { data } = useGlobalSettings();
  const text = data?.site_message?.trim();
  if (!text) return null;
  return (
    <div className="marquee" data-testid="site-message" aria-label="Site message">
      <span className="marquee__text">{text}</span>
    </div>
  );
}
