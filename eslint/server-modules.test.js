/**
 * The server's module boundary rule (ADR 47) on files of the real tree: an import into another
 * module's files is refused, its index.ts and a module's own files are not.
 */
import { resolve } from 'node:path';
import { RuleTester } from 'eslint';
import { describe, expect, it } from 'vitest';
import { serverModules, serverModulesPlugin } from './server-modules.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const at = (path) => resolve('apps/server/src', path);
const rule = serverModulesPlugin.rules['import-through-index'];

describe('server modules', () => {
  it('are read from the tree: every folder of services/, and feed, live and cluster', () => {
    const names = serverModules().map((dir) => dir.slice(resolve('apps/server/src').length + 1, -1));
    expect(names).toEqual(expect.arrayContaining(['services/betting', 'services/money', 'feed', 'live', 'cluster']));
    expect(names).not.toContain('routes');
  });
});

new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } }).run('import-through-index', rule, {
  valid: [
    // Another module through its index.
    { filename: at('routes/bet/index.ts'), code: "import { BettingService } from '../../services/betting/index.ts';" },
    // A module's own files.
    { filename: at('services/betting/service.ts'), code: "import { checkBet } from './risk.ts';" },
    // Shared layers are not modules.
    { filename: at('services/betting/service.ts'), code: "import { AppError } from '../../lib/errors.ts';" },
    // A loose service file is a module of one file.
    { filename: at('services/agents.ts'), code: "import { users } from './users.ts';" },
    // Packages are not relative imports.
    { filename: at('live/hub.ts'), code: "import { LIVE_CLOSE } from '@exchange/contracts';" },
  ],
  invalid: [
    {
      filename: at('routes/bet/index.ts'),
      code: "import { checkBet } from '../../services/betting/risk.ts';",
      errors: [{ messageId: 'deep' }],
    },
    {
      filename: at('live/hub.ts'),
      code: "export { balanceView } from '../services/money/ledger.ts';",
      errors: [{ messageId: 'deep' }],
    },
    {
      filename: at('services/console/dashboard.ts'),
      code: "import { loadMarkets } from '../betting/market-state.ts';",
      errors: [{ messageId: 'deep' }],
    },
  ],
});
