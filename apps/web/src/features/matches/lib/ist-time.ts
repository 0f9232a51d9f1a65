// Relative, not '@/lib/format': the web unit tests run without the '@' alias.
import { formatIst } from '@/lib/format';

/** 'HH:mm' of an instant in IST ('' when unreadable): the race-time chips. */
export function istTime(iso: string): string {
  return formatIst(iso).slice(11, 16);
}
