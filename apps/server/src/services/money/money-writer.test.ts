import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The one money writer (ADR 31): only services/money/ may change balances, exposures, market
 * positions and postings. This reads every source file of the server (tests aside, which may
 * corrupt a table on purpose to see a checker catch it) and lists each write to those tables
 * outside services/money/, through drizzle or in SQL text.
 */
const SERVER_SRC = fileURLToPath(new URL('../../', import.meta.url));
const MONEY_DIR = join('services', 'money') + sep;
const TABLES = { ledgerAccounts: 'ledger_accounts', marketPositions: 'market_positions', ledgerTransfers: 'ledger_transfers' };

const drizzleWrite = new RegExp(`\\.(update|insert|delete)\\(\\s*(${Object.keys(TABLES).join('|')})\\b`, 'g');
const sqlWrite = new RegExp(
  `\\b(update|insert\\s+into|delete\\s+from|truncate(\\s+table)?)\\s+(${Object.values(TABLES).join('|')})\\b`,
  'gi',
);

/** Every write to a money table in a file's text: `line: text` each. */
function moneyWrites(text: string): string[] {
  const out: string[] = [];
  text.split('\n').forEach((line, i) => {
    if (drizzleWrite.test(line) || sqlWrite.test(line)) out.push(`${i + 1}: ${line.trim()}`);
    drizzleWrite.lastIndex = 0;
    sqlWrite.lastIndex = 0;
  });
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the one money writer', () => {
  it('recognises a write to each money table, through drizzle or in SQL', () => {
    expect(moneyWrites('await tx.update(ledgerAccounts).set({ balancePaise: 0 })')).toHaveLength(1);
    expect(moneyWrites('await db.insert(marketPositions).values(row)')).toHaveLength(1);
    expect(moneyWrites('tx.delete(ledgerTransfers)')).toHaveLength(1);
    expect(moneyWrites('sql`UPDATE ledger_accounts SET exposure_paise = 0`')).toHaveLength(1);
    expect(moneyWrites('insert into market_positions (market_id) values (1)')).toHaveLength(1);
    expect(moneyWrites('truncate table ledger_transfers')).toHaveLength(1);
    // Reads are not writes.
    expect(moneyWrites('await db.select().from(ledgerAccounts)')).toEqual([]);
    expect(moneyWrites('select balance_paise from ledger_accounts where id = 1')).toEqual([]);
  });

  it('finds no write to balances, exposures, positions or postings outside services/money/', () => {
    const files = sourceFiles(SERVER_SRC);
    expect(files.length).toBeGreaterThan(50);
    const stray: string[] = [];
    for (const file of files) {
      const path = relative(SERVER_SRC, file);
      if (path.startsWith(MONEY_DIR)) continue;
      for (const write of moneyWrites(readFileSync(file, 'utf8'))) stray.push(`${path}:${write}`);
    }
    expect(stray).toEqual([]);
  });

  it('is where the writes are: the money module itself writes every one of those tables', () => {
    const money = sourceFiles(join(SERVER_SRC, MONEY_DIR))
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    for (const [ts, table] of Object.entries(TABLES))
      expect(moneyWrites(money).some((w) => w.includes(ts) || w.includes(table))).toBe(true);
  });
});
