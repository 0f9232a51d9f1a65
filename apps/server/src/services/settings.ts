import type { GlobalSettings } from '@exchange/contracts';
import type { DbOrTx } from '../db/client.ts';
import { globalSettings } from '../db/schema/index.ts';
import { notFound } from '../lib/errors.ts';

export async function getGlobalSettings(db: DbOrTx): Promise<GlobalSettings> {
  const [s] = await db.select().from(globalSettings);
  if (!s) throw notFound('Site settings are not configured');
  return {
    logo: s.logo,
    site_message: s.siteMessage,
    site_title: s.siteTitle,
    favicon: s.favicon,
    payment_gateway: s.paymentGateway,
    is_show_apk: s.isShowApk,
    bg_primary_color: s.bgPrimaryColor,
    bg_secondry_color: s.bgSecondryColor,
    text_primary_color: s.textPrimaryColor,
    text_secondry_color: s.textSecondryColor,
    other_color: s.otherColor,
  };
}
