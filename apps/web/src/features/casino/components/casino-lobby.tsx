import type { CasinoCategory, StaticCasinoGame } from '@exchange/contracts';
import { useMemo, useState } from 'react';
import { PageFrame, Spinner } from '@/components';
import { useCasinoGames } from '../api/casino-games';
import { useLaunchGame } from '../api/launch-game';
import { CATEGORY_LABELS, filterGames, lobbyCategories } from '../lib/casino-games';
import { GameTile } from './game-tile';
import './casino.css';

interface CasinoLobbyProps {
  title: string;
  testId: string;
  /** The tab chosen on arrival (casino/list/{series_id}); null for All. */
  initialCategory?: CasinoCategory | null;
  /** Narrows the list before tabs and search (World Casino: the slot-style games). */
  select?: (games: readonly StaticCasinoGame[]) => StaticCasinoGame[];
  variant?: 'live' | 'slot';
}

/** Category tabs, a search box and the game tiles; a tile launches its game. */
export function CasinoLobby({
  title,
  testId,
  initialCategory = null,
  select,
  variant = 'live',
}: CasinoLobbyProps) {
  const { data, isLoading, error } = useCasinoGames();
  const { launch, launching } = useLaunchGame();
  const [category, setCategory] = useState<CasinoCategory | null>(initialCategory);
  const [search, setSearch] = useState('');
  const games = useMemo(() => (select ? select(data ?? []) : (data ?? [])), [data, select]);
  const categories = useMemo(() => lobbyCategories(games), [games]);
  const shown = filterGames(games, { category, search });

  const searchBox = (
    <input
      className="input input--small casino-search"
      type="search"
      placeholder="Search games"
      aria-label="Search games"
      value={search}
      onChange={(e) => setSearch(e.target.value)}
      data-testid="casino-search"
    />
  );

  return (
    <PageFrame title={title} testId={testId} actions={searchBox}>
      {categories.length > 1 && (
        <div className="casino-tabs" role="tablist" aria-label="Categories">
          <CategoryTab
            label="All"
            active={category === null}
            onClick={() => setCategory(null)}
            testId="casino-tab-all"
          />
          {categories.map((c) => (
            <CategoryTab
              key={c}
              label={CATEGORY_LABELS[c]}
              active={category === c}
              onClick={() => setCategory(c)}
              testId={`casino-tab-${c.replace(/\s+/g, '-').toLowerCase()}`}
            />
          ))}
        </div>
      )}
      {error ? (
        <p className="casino-error" role="alert" data-testid="casino-error">
          {error.message}
        </p>
      ) : isLoading ? (
        <Spinner />
      ) : shown.length === 0 ? (
        <p className="casino-empty" data-testid="casino-empty">
          No games found
        </p>
      ) : (
        <div className={`casino-grid casino-grid--${variant}`} data-testid="casino-grid">
          {shown.map((g) => (
            <GameTile
              key={g.gamecode}
              game={g}
              variant={variant}
              busy={launching === g.gamecode}
              onOpen={(game) => void launch(game.gamecode)}
            />
          ))}
        </div>
      )}
    </PageFrame>
  );
}

function CategoryTab({
  label,
  active,
  onClick,
  testId,
}: {
  label: string;
  active: boolean;
  onClick: () => void;
  testId: string;
}) {
  return (
    <button
      type="button"
      role="tab"
      aria-selected={active}
      className={`casino-tabs__tab${active ? ' casino-tabs__tab--active' : ''}`}
      onClick={onClick}
      data-testid={testId}
    >
      {label}
    </button>
  );
}
