import type { GlobalSettings } from '@exchange/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchData } from './api';
import { queryClient } from './query-client';
import { queryKeys } from './query-keys';
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

const THEME_VARS: Array<[keyof GlobalSettings, string]> = [
  ['bg_primary_color', '--theme-primary-bg'],
  ['bg_secondry_color', '--theme-secondary-bg'],
  ['text_primary_color', '--theme-primary-text'],
  ['text_secondry_color', '--theme-secondary-text'],
  ['other_color', '--theme-other'],
];

// Only plain colour values reach the stylesheet.
const COLOUR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\)|[a-z]+)$/i;

/** Applies the theme colours as CSS variables, the site title and the favicon. */
export function applyGlobalSettings(s: GlobalSettings): void {
  const root = document.documentElement;
  for (const [key, cssVar] of THEME_VARS) {
    const value = String(s[key] ?? '').trim();
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
