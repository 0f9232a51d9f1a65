/** Fields the console's lists and forms share: paging, a search text, a catalog name. */
import { z } from 'zod';

export const Page = z.coerce.number().int('Page must be a whole number').min(1, 'Page must be at least 1').max(100_000, 'Page is too large').default(1);
export const Limit = z.coerce.number().int('Limit must be a whole number').min(1, 'Limit must be at least 1').max(100, 'Limit must be at most 100').default(20);
export const Search = z.string().trim().max(50, 'Search is too long').optional();

export const CatalogName = (what: string) => z.string().trim().min(1, `${what} is required`).max(120, `${what} is too long`);
