/** One tab per active sport except Indian casino (-1) and the hidden sport (-17); cricket (4) first. */
export function sportTabs<T extends { sport_id: number; is_active: number }>(sports: readonly T[]): T[] {
  const shown = sports.filter((s) => s.is_active === 1 && s.sport_id !== -1 && s.sport_id !== -17);
  return [...shown.filter((s) => s.sport_id === 4), ...shown.filter((s) => s.sport_id !== 4)];
}
