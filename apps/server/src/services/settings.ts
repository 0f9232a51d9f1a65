import { eq } from 'drizzle-orm';
import type { GlobalSettings, SaveGlobalSettingsRequest } from '@exchange/contracts';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../db/client.ts';
import { globalSettings } from '../db/schema/index.ts';
import { notFound } from '../lib/errors.ts';
import { changedFields, recordAudit, type AuditActor, type AuditFields } from './audit/index.ts';

type SettingsRow = typeof globalSettings.$inferSelect;

function settingsOf(s: SettingsRow): GlobalSettings {
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

/** Read from the table on every call (nothing caches it), so a save shows on the next read. */
export async function getGlobalSettings(db: DbOrTx): Promise<GlobalSettings> {
  const [s] = await db.select().from(globalSettings);
  if (!s) throw notFound('Site settings are not configured');
  return settingsOf(s);
}

/** The screen's words for each setting. */
const LABELS: Record<keyof GlobalSettings, string> = {
  logo: 'logo',
  favicon: 'favicon',
  site_title: 'title',
  site_message: 'site message',
  payment_gateway: 'payment gateway',
  is_show_apk: 'APK flag',
  bg_primary_color: 'primary background colour',
  bg_secondry_color: 'secondary background colour',
  text_primary_color: 'primary text colour',
  text_secondry_color: 'secondary text colour',
  other_color: 'other colour',
};

/** A picture's data: URL (up to 256 KB) is kept in the audit row by its length, not its bytes. */
const auditValue = (v: unknown) => (typeof v === 'string' && v.length > 200 ? `${v.slice(0, 40)}... (${v.length} characters)` : v);

/**
 * operator/saveGlobalSettings: the settings given change, the others stay; one audit row names
 * what changed (none when nothing did).
 */
export async function saveGlobalSettings(
  db: Db,
  actor: AuditActor,
  body: z.output<typeof SaveGlobalSettingsRequest>,
): Promise<GlobalSettings> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(globalSettings).for('update');
    if (!row) throw notFound('Site settings are not configured');
    const before = settingsOf(row);
    const after: GlobalSettings = { ...before, ...body };
    const changed = changedFields(before, after);
    const keys = Object.keys(changed.after) as (keyof GlobalSettings)[];
    if (keys.length === 0) return before;
    await tx
      .update(globalSettings)
      .set({
        logo: after.logo,
        siteMessage: after.site_message,
        siteTitle: after.site_title,
        favicon: after.favicon,
        paymentGateway: after.payment_gateway,
        isShowApk: after.is_show_apk,
        bgPrimaryColor: after.bg_primary_color,
        bgSecondryColor: after.bg_secondry_color,
        textPrimaryColor: after.text_primary_color,
        textSecondryColor: after.text_secondry_color,
        otherColor: after.other_color,
      })
      .where(eq(globalSettings.id, row.id));
    const shorten = (fields: AuditFields) => Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, auditValue(v)]));
    await recordAudit(tx, actor, {
      action: 'settings.save',
      targetType: 'settings',
      targetId: 'global',
      summary: `Changed the site's ${keys.map((k) => LABELS[k]).join(', ')}`,
      before: shorten(changed.before),
      after: shorten(changed.after),
    });
    return after;
  });
}
