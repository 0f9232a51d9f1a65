import { cardFace, cardName } from '../lib/cards';

/** One card face up ('AS', '10H'), or a die face / roulette pocket as a plain chip. */
export function PlayingCard({ code }: { code: string }) {
  const face = cardFace(code);
  if (!face) {
    return (
      <span className="playing-card playing-card--plain" data-testid="playing-card">
        {code}
      </span>
    );
  }
  return (
    <span
      className={`playing-card${face.red ? ' playing-card--red' : ''}`}
      role="img"
      aria-label={cardName(code)}
      title={cardName(code)}
      data-testid="playing-card"
    >
      <span className="playing-card__rank">{face.rank}</span>
      <span className="playing-card__suit">{face.symbol}</span>
    </span>
  );
}

export function CardRow({ cards }: { cards: readonly string[] }) {
  return (
    <span className="card-row">
      {cards.map((c, i) => (
        <PlayingCard key={`${c}-${i}`} code={c} />
      ))}
    </span>
  );
}
