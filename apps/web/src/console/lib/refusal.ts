import { toast } from 'sonner';

/** A failed call in words: the server's message (an ApiError's), or a plain fallback. */
export function refusalText(err: unknown, fallback = 'That did not work. Please try again.'): string {
  return err instanceof Error && err.message ? err.message : fallback;
}

/** Shows a refused or failed call as a toast (the server's words). */
export function toastRefusal(err: unknown): void {
  toast.error(refusalText(err));
}
