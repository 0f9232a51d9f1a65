import { formatIst } from '@/lib/format';

/** An instant in IST as the day, then the time muted (wraps to two lines in a narrow column). */
export function IstWhen({ iso }: { iso: string }) {
  const [day, time] = formatIst(iso).split(' ');
  return (
    <span className="console-when">
      {day} <span className="muted">{time}</span>
    </span>
  );
}
