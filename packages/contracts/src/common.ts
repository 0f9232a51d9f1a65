import { z } from 'zod';

/** '0' / '1' flags, kept as strings because the original client compares with '1'. */
export const Flag = z.enum(['0', '1']);
export type Flag = z.infer<typeof Flag>;

/** Rupees at the API edge: a finite number with at most 2 decimals. */
export const Rupees = z
  .number()
  .finite()
  .refine((v) => Number(v.toFixed(2)) === v, 'At most 2 decimals');

/** ISO 8601 timestamp string (UTC). The web app formats it in IST. */
export const IsoDate = z.string();

/** Accepts numbers and numeric strings for ids (the original client sends both). */
export const IdLike = z.union([z.number().int(), z.string().regex(/^-?\d+$/)]).transform(Number);
