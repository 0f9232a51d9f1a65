import { useState } from 'react';
import { pageBackground, themeColours } from '@/lib/global-settings';

export interface PreviewLook {
  logo: string;
  site_title: string;
  site_message: string;
  bg_primary_color: string;
  bg_secondry_color: string;
  text_primary_color: string;
  text_secondry_color: string;
  other_color: string;
}

const HEX = /^#[0-9a-fA-F]{6}$/;
/** The colours the site may adjust for contrast, as the form names them. */
const ADJUSTED_NAMES = {
  text_primary_color: 'Header text',
  text_secondry_color: 'Secondary text',
  other_color: 'Links and accents',
} as const;
/** A colour being typed is shown only once it is whole (#rrggbb); until then the fallback. */
const colour = (value: string, fallback: string) => (HEX.test(value.trim()) ? value.trim() : fallback);

/**
 * A small mock of the bettors' header with the chosen look, painted as the bettors' site paints
 * it: the header bar in the primary colours (logo, rules link, balance, user menu), the deposit
 * button and the sports tabs in the secondary ones, links in the other colour, and the site
 * message scrolling under it. A text colour too faint on its background is shown as the site
 * shows it, adjusted to be read (`themeColours`), and the preview says so.
 */
export function HeaderPreview({ look }: { look: PreviewLook }) {
  const [failed, setFailed] = useState<string | null>(null);
  const chosen = {
    bg_primary_color: colour(look.bg_primary_color, '#0b3c5d'),
    text_primary_color: colour(look.text_primary_color, '#ffffff'),
    bg_secondry_color: colour(look.bg_secondry_color, '#ffc629'),
    text_secondry_color: colour(look.text_secondry_color, '#1b1b1b'),
    other_color: colour(look.other_color, '#1f6f99'),
  };
  const painted = themeColours(chosen, pageBackground());
  const primary = { background: painted.bg_primary_color, color: painted.text_primary_color };
  const secondary = { background: painted.bg_secondry_color, color: painted.text_secondry_color };
  const other = painted.other_color;
  const adjusted = (Object.keys(ADJUSTED_NAMES) as (keyof typeof ADJUSTED_NAMES)[])
    .filter((key) => painted[key] !== chosen[key])
    .map((key) => ADJUSTED_NAMES[key]);
  const title = look.site_title.trim() || 'Exchange';
  const logo = look.logo.trim();
  return (
    <figure
      className="header-preview"
      aria-label="Preview of the bettors' header"
      data-testid="header-preview"
    >
      <div className="header-preview__bar" style={primary} data-testid="header-preview-bar">
        <span className="header-preview__burger" aria-hidden="true" />
        {logo && failed !== logo ? (
          <img
            className="header-preview__logo"
            src={logo}
            alt={title}
            onError={() => setFailed(logo)}
            data-testid="header-preview-logo"
          />
        ) : (
          <span className="header-preview__title">{title}</span>
        )}
        <span className="header-preview__right">
          <span className="header-preview__link">Rules</span>
          <span className="header-preview__wallet" style={secondary} data-testid="header-preview-wallet">
            D/W
          </span>
          <span className="header-preview__money">
            <span>
              Balance: <strong>1,500.00</strong>
            </span>
            <span>
              Exposure: <strong>0.00</strong>
            </span>
          </span>
          <span className="header-preview__user">demo1 ▾</span>
        </span>
      </div>
      {look.site_message.trim() && (
        <div className="header-preview__message" data-testid="header-preview-message">
          {look.site_message.trim()}
        </div>
      )}
      <div className="header-preview__tabs" style={secondary}>
        <span>Cricket</span>
        <span>Football</span>
        <span>Tennis</span>
        <span>Horse Racing</span>
      </div>
      <figcaption className="header-preview__body">
        A market page with a{' '}
        <span style={{ color: other, textDecoration: 'underline' }}>link in the other colour</span>.
        {adjusted.length > 0 && (
          <span className="header-preview__adjusted" data-testid="header-preview-adjusted">
            Shown adjusted, as the site shows {adjusted.length > 1 ? 'them' : 'it'}, to be read at 4.5:1
            contrast: {adjusted.join(', ')}.
          </span>
        )}
      </figcaption>
    </figure>
  );
}
