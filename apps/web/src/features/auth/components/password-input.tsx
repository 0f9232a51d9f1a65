import { useState, type InputHTMLAttributes } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { toggleTestId?: string };

/** A password field with a show/hide switch. */
export function PasswordInput({ toggleTestId, className, ...input }: Props) {
  const [shown, setShown] = useState(false);
  return (
    <div className="password-input">
      <input {...input} className={className} type={shown ? 'text' : 'password'} />
      <button
        type="button"
        className="password-input__toggle"
        onClick={() => setShown((s) => !s)}
        aria-label={shown ? 'Hide password' : 'Show password'}
        aria-pressed={shown}
        data-testid={toggleTestId}
      >
        {shown ? 'Hide' : 'Show'}
      </button>
    </div>
  );
}
