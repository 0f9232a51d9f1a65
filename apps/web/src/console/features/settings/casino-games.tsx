import type { OperatorCasinoGame } from '@exchange/contracts';
import { useState } from 'react';
import { toast } from 'sonner';
import { DataTable, SearchBox, Switch, type Column } from '@/console/components';
import { toastRefusal } from '@/console/lib/refusal';
import { useCasinoGames } from './api/casino-games';
import { useSetCasinoGame } from './api/set-casino-game';

/** The casino provider's games, each on or off (off: hidden from the lobby, launches refused), with a search. */
export function CasinoGames() {
  const games = useCasinoGames();
  const setGame = useSetCasinoGame();
  const [search, setSearch] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const q = search.trim().toLowerCase();
  const rows = games.data?.filter(
    (g) => !q || `${g.name} ${g.provider} ${g.category} ${g.game_code}`.toLowerCase().includes(q),
  );

  const toggle = async (g: OperatorCasinoGame, enabled: boolean) => {
    setBusy(g.game_code);
    try {
      const saved = await setGame.mutateAsync({ game_code: g.game_code, enabled });
      toast.success(`${saved.name} ${saved.enabled ? 'on' : 'off'}`);
    } catch (err) {
      toastRefusal(err);
    } finally {
      setBusy(null);
    }
  };

  const columns: Column<OperatorCasinoGame>[] = [
    { key: 'name', header: 'Game', value: (g) => g.name },
    {
      key: 'enabled',
      header: 'On',
      value: (g) => (g.enabled ? 'On' : 'Off'),
      render: (g) => (
        <Switch
          checked={g.enabled}
          onChange={(on) => void toggle(g, on)}
          disabled={busy === g.game_code}
          label={`${g.name} on`}
          testId={`casino-game-${g.game_code}`}
        />
      ),
    },
    { key: 'provider', header: 'Provider', value: (g) => g.provider },
    { key: 'category', header: 'Category', value: (g) => g.category },
    { key: 'code', header: 'Code', value: (g) => g.game_code },
  ];
  const off = games.data?.filter((g) => !g.enabled).length ?? 0;
  return (
    <section className="console-card" data-testid="casino-games">
      <h2>Casino games</h2>
      <p className="muted settings-note">
        {games.data
          ? `${games.data.length} games, ${off} off. A game turned off leaves the lobby and cannot be launched.`
          : ' '}
      </p>
      <DataTable
        cardsOnPhone
        columns={columns}
        rows={rows}
        rowKey={(g) => g.game_code}
        rowTestId={(g) => `casino-game-row-${g.game_code}`}
        loading={games.isFetching}
        error={games.error}
        onRetry={games.refetch}
        empty={q ? `No game like “${search.trim()}”` : 'No casino games'}
        testId="casino-games-table"
        tools={
          <SearchBox
            value={search}
            onSearch={setSearch}
            placeholder="Game, provider, category"
            label="Search games"
            testId="casino-games-search"
          />
        }
      />
    </section>
  );
}
