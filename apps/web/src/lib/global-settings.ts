import type { GlobalSettings } from '@exchange/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchData } from './api';
import { queryClient } from './query-client';
import { queryKeys } from './query-keys';
import { readableOn } from './readable-colour';
import { LOCAL_KEYS, readJson, writeJson } from './storage';

async function fetchGlobalSettings(): Promise<GlobalSettings> {
  const data = await fetchData('getGlobalSetting');
  writeJson(localStorage, LOCAL_KEYS.globalData, data);
  return data;
}

/** Site look and switches, from the server (public call), kept in localStorage 'globalData'. */
export function useGlobalSettings() {
  return useQuery({
    queryKey: queryKeys.globalSettings,
    queryFn: fetchGlobalSettings,
    initialData: () => readJson<GlobalSettings>(localStorage, LOCAL_KEYS.globalData) ?? undefined,
    initialDataUpdatedAt: 0,
    staleTime: 5 * 60_000,
  });
}

/** Fetches the settings again into globalData (done after every login). */
export function reloadGlobalSettings(): Promise<GlobalSettings> {
  return queryClient.fetchQuery({
    queryKey: queryKeys.globalSettings,
    queryFn: fetchGlobalSettings,
    staleTime: 0,
  });
}

type ThemeColour =
  'bg_primary_color' | 'bg_secondry_color' | 'text_primary_color' | 'text_secondry_color' | 'other_color';

const THEME_VARS: Array<[ThemeColour, string]> = [
  ['bg_primary_color', '--theme-primary-bg'],
  ['bg_secondry_color', '--theme-secondary-bg'],
  ['text_primary_color', '--theme-primary-text'],
  ['text_secondry_color', '--theme-secondary-text'],
  ['other_color', '--theme-other'],
];

/**
 * The operator's colours as the site paints them: each text colour made readable (4.5:1) on what
 * it sits on, the header's and the tabs' text on the background chosen with it, links and
 * accents on the page's background (`pageBackground`). Shared with the console's preview.
 */
export function themeColours(
  s: Pick<GlobalSettings, ThemeColour>,
  pageBackground: string,
): Record<ThemeColour, string> {
  return {
    bg_primary_color: s.bg_primary_color,
    bg_secondry_color: s.bg_secondry_color,
    text_primary_color: readableOn(s.text_primary_color, s.bg_primary_color),
    text_secondry_color: readableOn(s.text_secondry_color, s.bg_secondry_color),
    other_color: readableOn(s.other_color, pageBackground),
  };
}

/** The page's background (the stylesheet's --bg), where links in the other colour sit. */
export const pageBackground = () =>
  getComputedStyle(document.documentElement).getPropertyValue('--bg').trim();

// Only plain colour values reach the stylesheet.
const COLOUR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\)|[a-z]+)$/i;

/** Applies the theme colours as CSS variables, the site title and the favicon. */
export function applyGlobalSettings(s: GlobalSettings): void {
  const root = document.documentElement;
  const colours = themeColours(s, pageBackground());
  for (const [key, cssVar] of THEME_VARS) {
    const value = colours[key].trim();
    if (COLOUR.test(value)) root.style.setProperty(cssVar, value);
    else root.style.removeProperty(cssVar);
  }
  if (s.site_title) document.title = s.site_title;
  if (s.favicon) {
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.href = s.favicon;
  }
}
