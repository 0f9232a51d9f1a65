/** The operator's site switches: the bettors' global settings and which casino games are on. */
import { z } from 'zod';
import { CasinoCategory } from '../casino.ts';
import { Flag } from '../common.ts';
import { GlobalSettings } from '../settings.ts';

const Colour = z.string().trim().regex(/^#[0-9a-fA-F]{6}$/, 'Colour must be #rrggbb');
/** A picture: an https/relative URL or a data: URL of an image (at most 256 KB of text). */
const Picture = z
  .string()
  .trim()
  .max(256 * 1024, 'Picture is too large (at most 256 KB)')
  .refine((v) => /^(https?:\/\/|\/)[^\s]*$/.test(v) || /^data:image\/(png|jpeg|webp|svg\+xml|x-icon|vnd\.microsoft\.icon);base64,[A-Za-z0-9+/=]+$/.test(v), 'Give an image URL or a data:image URL');

/** Every field of the bettor's global settings; only those given change. */
export const SaveGlobalSettingsRequest = z
  .object({
    logo: Picture.optional(),
    favicon: Picture.optional(),
    site_title: z.string().trim().min(1, 'Title is required').max(80, 'Title is too long').optional(),
    site_message: z.string().trim().max(500, 'Site message is too long').optional(),
    payment_gateway: Flag.optional(),
    is_show_apk: Flag.optional(),
    bg_primary_color: Colour.optional(),
    bg_secondry_color: Colour.optional(),
    text_primary_color: Colour.optional(),
    text_secondry_color: Colour.optional(),
    other_color: Colour.optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'Give at least one setting to change');
export const SavedGlobalSettings = GlobalSettings;

export const OperatorCasinoGame = z.object({
  game_code: z.string(),
  name: z.string(),
  provider: z.string(),
  category: CasinoCategory,
  enabled: z.boolean(),
});
export type OperatorCasinoGame = z.infer<typeof OperatorCasinoGame>;
export const SetCasinoGameRequest = z.object({
  game_code: z.string().trim().min(1, 'Game code is required').max(40, 'Game code is too long'),
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});
