import type { Column } from '@/console/components';

/** How the reports' signs read: the bettors' P&L from their side, the shares from the holder's. */
export const SIGNS_NOTE =
  'P/L columns are the bettors’ (+: the bettors won). Your share and the upline’s are what each makes (+: won, −: lost).';

/** A direct account: its name, with its role under it; the CSV has the name. */
export function accountColumn<R extends { user_name: string; role: 'agent' | 'user' }>(): Column<R> {
  return {
    key: 'user_name',
    header: 'Account',
    value: (r) => r.user_name,
    render: (r) => (
      <div>
        <div className="business-account">{r.user_name}</div>
        <div className="muted business-role">{r.role === 'agent' ? 'Agent' : 'User'}</div>
      </div>
    ),
  };
}
