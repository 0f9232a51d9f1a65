import { describe, expect, it } from 'vitest';
import { BALANCE_POLL_MS, GAME_LAUNCH_TYPE, MOBILE_BREAKPOINT_PX, TOAST_DURATION_MS } from './constants';

// The spec's numbers written out (section 9), so a change to a constant fails here rather than
// passing every test that reads the constant back.
describe("the spec's general constants", () => {
  it('polls the balance every 5000 ms, treats widths under 993 as mobile, shows toasts for 800 ms', () => {
    expect(BALANCE_POLL_MS).toBe(5000);
    expect(MOBILE_BREAKPOINT_PX).toBe(993);
    expect(TOAST_DURATION_MS).toBe(800);
  });

  it('launches games with type 1 on a desktop and 3 on a phone', () => {
    expect(GAME_LAUNCH_TYPE).toEqual({ desktop: '1', mobile: '3' });
  });
});
