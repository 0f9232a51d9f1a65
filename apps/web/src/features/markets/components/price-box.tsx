import { formatOdds } from '@/lib/format';
import { usePriceFlash } from '@/lib/live';

export type PriceTone = 'back' | 'lay';

interface PriceBoxProps {
  testId: string;
  tone: PriceTone;
  /** 0 = the best price, beside the middle of the ladder; deeper levels are paler. */
  level: number;
  /** The price (or rate, or fancy line) as shown; null shows a dash. */
  price: string | null;
  /** Small text under the price: the available size, or a fancy rate. */
  sub?: string | null;
  /** Opens the bet slip; an empty box takes it only with `askingOdds`. */
  onPick?: () => void;
  /** An empty box that still takes a bet: the odds its slip opens at (ADR 39). */
  askingOdds?: number | null;
  /** What a screen reader says, e.g. "Back India at 2.04". */
  label: string;
}

/**
 * One back (blue) or lay (pink) box. A changed price or size flashes yellow for half a second,
 * so a bettor sees the market move; an emptied box does not (usePriceFlash).
 */
export function PriceBox({ testId, tone, level, price, sub, onPick, askingOdds, label }: PriceBoxProps) {
  const flash = usePriceFlash(price === null ? null : `${price}|${sub ?? ''}`);
  const empty =
    askingOdds == null ? `${label}: no price` : `${label}: no price, ask your own from ${formatOdds(askingOdds)}`;
  return (
    <button
      type="button"
      className={`price price--${tone} price--${tone}-${Math.min(level, 2)}${flash ? ' price--flash' : ''}`}
      disabled={!onPick || (price === null && askingOdds == null)}
      onClick={onPick}
      aria-label={price === null ? empty : `${label} at ${price}${sub ? `, ${sub}` : ''}`}
      data-testid={testId}
    >
      <span className="price__odds">{price ?? '-'}</span>
      {/* A space (unseen between the stacked lines): the box's text reads "2.04 1.2k", as its name does. */}
      {sub != null && (
        <>
          {' '}
          <span className="price__size">{sub}</span>
        </>
      )}
    </button>
  );
}
