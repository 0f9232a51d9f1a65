/**
 * The in-play bet delay's sleep, watched: a test can act while a bet (or a cash out, or an edit)
 * waits its delay. Give `sleep` to the app's betting options.
 */
export function watchedBetDelay() {
  let entered: (() => void) | null = null;
  return {
    sleep: (ms: number) => {
      entered?.();
      entered = null;
      return new Promise<void>((resolve) => setTimeout(resolve, ms));
    },
    /** Resolves when the next bet starts waiting its delay. */
    nextBetInDelay: () => new Promise<void>((resolve) => (entered = resolve)),
  };
}
