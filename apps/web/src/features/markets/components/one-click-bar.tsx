import { useId, useState } from 'react';
import { Modal } from '@/components';
import { useBetSlip } from '@/lib/bet-slip';
import { useButtonValues } from '@/lib/button-values';
import { formatRupees } from '@/lib/format';

/**
 * The one-click switch of the match and race pages, above their markets: once on (after a
 * warning the first time), a click on a price places the bet at once with the stake chosen here
 * from the user's stake buttons (Set Button Value), no slip. Remembered per user in this browser.
 */
export function OneClickBar() {
  const { oneClick, setOneClick, oneClickOffered } = useBetSlip();
  const { data: buttons } = useButtonValues();
  const [warning, setWarning] = useState(false);
  const hintId = useId();
  if (!oneClickOffered) return null;
  const stakes = (buttons ?? []).filter((b) => b.type === 'Game' && b.button_value > 0);
  const turnOn = () =>
    setOneClick({ on: true, stake: oneClick.stake ?? stakes[0]?.button_value ?? null, warned: true });
  const toggle = (on: boolean) => {
    if (!on) setOneClick({ ...oneClick, on: false });
    else if (oneClick.warned) turnOn();
    else setWarning(true);
  };
  const none = stakes.length === 0 && !oneClick.on;
  return (
    <div className={`one-click${oneClick.on ? ' one-click--on' : ''}`} data-testid="one-click">
      <label className="one-click__switch">
        <input
          type="checkbox"
          role="switch"
          checked={oneClick.on}
          disabled={none}
          onChange={(e) => toggle(e.target.checked)}
          aria-describedby={hintId}
          data-testid="one-click-switch"
        />
        One-click betting
      </label>
      {oneClick.on ? (
        <div className="one-click__stakes" role="group" aria-label="One-click stake">
          {stakes.map((b, i) => (
            <button
              key={`${b.button_name}-${i}`}
              type="button"
              className="one-click__stake"
              aria-pressed={oneClick.stake === b.button_value}
              onClick={() => setOneClick({ ...oneClick, stake: b.button_value })}
            >
              {b.button_name}
            </button>
          ))}
        </div>
      ) : null}
      <span className="one-click__hint" id={hintId}>
        {none
          ? 'Set your stake buttons first (Set Button Value)'
          : oneClick.on && oneClick.stake !== null
            ? `A click on a price places ${formatRupees(oneClick.stake)} at once`
            : 'A click on a price places the bet at once'}
      </span>
      {warning && (
        <Modal
          title="Turn on one-click betting?"
          onClose={() => setWarning(false)}
          testId="one-click-warning"
          size="sm"
          footer={
            <>
              <button type="button" className="btn" onClick={() => setWarning(false)} data-autofocus>
                Cancel
              </button>
              <button
                type="button"
                className="btn btn--primary"
                onClick={() => {
                  setWarning(false);
                  turnOn();
                }}
              >
                Turn on
              </button>
            </>
          }
        >
          <p>
            A click on a price places the bet at once with the chosen stake: there is no bet slip to check it
            first. Choose the stake from your stake buttons above the markets; turn one-click off again with
            the same switch.
          </p>
        </Modal>
      )}
    </div>
  );
}
