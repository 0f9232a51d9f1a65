import { useState } from 'react';
import { useGlobalSettings } from '@/lib/global-settings';

/** The operator's logo from global settings; the site title in text when there is none or it fails to load. */
export function SiteLogo({ className = 'site-logo' }: { className?: string }) {
  const { data } = useGlobalSettings();
  const [failed, setFailed] = useState<string | null>(null);
  const title = data?.site_title || 'Exchange';
  const logo = data?.logo;
  if (logo && failed !== logo) {
    return <img className={className} src={logo} alt={title} onError={() => setFailed(logo)} />;
  }
  return <span className={`${className} ${className}--text`}>{title}</span>;
}
