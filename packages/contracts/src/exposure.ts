import { z } from 'zod';

export const ExposureRow = z.object({
  sport_id: z.number().int(),
  sport_name: z.string(),
  match_id: z.number().int(),
  match_name: z.string(),
  market_details: z.array(
    z.object({
      market_id: z.number().int(),
      market_name: z.string(),
      sub_type: z.string(),
      bet_count: z.number().int(),
      /** Rupees the caller's open bets reserve on the market (its worst case), as MarketView.exposure. */
      exposure: z.number(),
    }),
  ),
});
export type ExposureRow = z.infer<typeof ExposureRow>;
export const ExposureDetail = z.object({ data: z.array(ExposureRow) });
