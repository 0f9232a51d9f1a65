import { describe, expect, it } from 'vitest';
import { BigIdLike, checkRequestBody, controlCharacterPath, Day, IdLike, isCalendarDay } from './common.ts';
import { GetSportsRequest } from './catalog.ts';

describe('ids bounded to their columns', () => {
  it('takes numbers and numeric strings inside the range, refuses the rest', () => {
    expect(IdLike.parse('-17')).toBe(-17);
    expect(IdLike.parse(2_147_483_647)).toBe(2_147_483_647);
    for (const id of [2_147_483_648, '-2147483649', '100000000000000000000', -1e23, 1.5, '1e3', '', null]) {
      expect(IdLike.safeParse(id).success, String(id)).toBe(false);
    }
    expect(BigIdLike.parse('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(BigIdLike.safeParse('9007199254740993').success).toBe(false);
    expect(BigIdLike.safeParse(0).success).toBe(false);
  });

  it("reads sport_id 0, '' and null as every sport", () => {
    for (const sport_id of [0, '', '0', null, undefined]) expect(GetSportsRequest.parse({ sport_id }).sport_id).toBeUndefined();
    expect(GetSportsRequest.parse({ sport_id: '4' }).sport_id).toBe(4);
  });
});

describe('days of the calendar', () => {
  it('knows month lengths and leap years', () => {
    expect(['2024-02-29', '2000-02-29', '2026-12-31', '1900-01-01'].every(isCalendarDay)).toBe(true);
    expect(['2025-02-29', '1900-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '0000-01-01', '3000-01-01'].some(isCalendarDay)).toBe(false);
    expect(Day.safeParse('2026-1-1').error?.issues[0]?.message).toBe('Date must be yyyy-MM-dd');
  });
});

describe('control characters', () => {
  it('finds the first text holding one, however deep, and nothing in clean text', () => {
    expect(controlCharacterPath({ search: 'India\u0000' })).toBe('search');
    expect(controlCharacterPath([{ button_name: 'ok' }, { button_name: 'a\u007fb' }])).toBe('1.button_name');
    expect(controlCharacterPath({ a: 'Mumbai – मुंबई', b: [1, true, null] })).toBeNull();
    let deep: unknown = 'x\u0001';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(controlCharacterPath(deep)).toMatch(/^0(\.0)+$/);
  });

  it('is refused before the schema, with the field named', () => {
    expect(checkRequestBody(GetSportsRequest, { sport_id: '4\n' })).toEqual({ success: false, message: 'sport_id must not contain control characters' });
  });
});
