/**
 * An on/off switch (shown or hidden, a casino game on or off): a button with role switch, so
 * Space and Enter flip it and a screen reader says its state. Disabled while a change is on its way.
 */
export function Switch({
  checked,
  onChange,
  label,
  testId,
  disabled = false,
  onText = 'On',
  offText = 'Off',
}: {
  checked: boolean;
  onChange: (next: boolean) => void;
  /** What it switches, for a screen reader (e.g. "Cricket shown"). */
  label: string;
  testId?: string;
  disabled?: boolean;
  onText?: string;
  offText?: string;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      className={`switch${checked ? ' switch--on' : ''}`}
      onClick={() => onChange(!checked)}
      disabled={disabled}
      data-testid={testId}
    >
      <span className="switch__knob" aria-hidden="true" />
      <span className="switch__text">{checked ? onText : offText}</span>
    </button>
  );
}
