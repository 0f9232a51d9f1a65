import { z } from 'zod';
import { Flag } from './common.ts';

export const GlobalSettings = z.object({
  logo: z.string(),
  site_message: z.string(),
  site_title: z.string(),
  favicon: z.string(),
  payment_gateway: Flag,
  is_show_apk: Flag,
  bg_primary_color: z.string(),
  bg_secondry_color: z.string(),
  text_primary_color: z.string(),
  text_secondry_color: z.string(),
  other_color: z.string(),
});
export type GlobalSettings = z.infer<typeof GlobalSettings>;
