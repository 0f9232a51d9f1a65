import type { ComponentPropsWithRef } from 'react';

/**
 * A text field for a figure with decimals (an amount, a percentage): a phone shows its number pad
 * and the browser offers no earlier entries. Typed as text, so the form's own rule reads it; the
 * rest (register's name, handlers and ref, a data-testid) goes on the input as given.
 */
export function DecimalInput(props: ComponentPropsWithRef<'input'>) {
  return <input className="input" inputMode="decimal" autoComplete="off" {...props} />;
}
