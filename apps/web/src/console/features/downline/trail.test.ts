import { describe, expect, it } from 'vitest';
import { downlinePath, parseTrail } from './trail';

describe('trail', () => {
  it('reads back what it wrote', () => {
    const steps = [
      { user_id: 12, user_name: 'agent_a' },
      { user_id: 30, user_name: 'Sub2' },
    ];
    expect(downlinePath(steps)).toBe('/downline?at=12:agent_a,30:Sub2');
    expect(parseTrail('12:agent_a,30:Sub2')).toEqual(steps);
    expect(downlinePath([])).toBe('/downline');
  });

  it('takes a broken trail for the top level', () => {
    expect(parseTrail(null)).toEqual([]);
    expect(parseTrail('12:agent_a,x')).toEqual([]);
    expect(parseTrail('12:<script>')).toEqual([]);
  });
});
