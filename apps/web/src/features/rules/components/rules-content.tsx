import { useId, useState, type KeyboardEvent } from 'react';
import { NO_RECORDS_TEXT, RULES_PANELS, rulesSlug } from '@/lib/rules';
import './rules.css';

/** Arrow keys, Home and End move between the vertical tabs (WAI-ARIA tabs pattern). */
const KEY_MOVES: Record<string, (at: number, count: number) => number> = {
  ArrowDown: (at, count) => (at + 1) % count,
  ArrowUp: (at, count) => (at - 1 + count) % count,
  Home: () => 0,
  End: (_at, count) => count - 1,
};

/**
 * The rules panels: a vertical tab list on the left and the open panel on the right; under the
 * mobile breakpoint the tab list gives way to a select. Horse Racing opens first.
 */
export function RulesContent() {
  const [open, setOpen] = useState(0);
  const baseId = useId();
  const panel = RULES_PANELS[open] ?? RULES_PANELS[0];
  const tabId = (i: number) => `${baseId}-tab-${i}`;
  const panelId = `${baseId}-panel`;

  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const move = KEY_MOVES[e.key];
    if (!move) return;
    e.preventDefault();
    const to = move(open, RULES_PANELS.length);
    setOpen(to);
    document.getElementById(tabId(to))?.focus();
  };

  return (
    <div className="rules">
      <label className="rules__picker">
        <span className="visually-hidden">Rules for</span>
        <select
          className="input"
          value={open}
          onChange={(e) => setOpen(Number(e.target.value))}
          data-testid="rules-select"
        >
          {RULES_PANELS.map((p, i) => (
            <option key={p.title} value={i}>
              {p.title}
            </option>
          ))}
        </select>
      </label>
      <div className="rules__tabs" role="tablist" aria-orientation="vertical" aria-label="Rules">
        {RULES_PANELS.map((p, i) => (
          <button
            key={p.title}
            id={tabId(i)}
            type="button"
            role="tab"
            aria-selected={i === open}
            aria-controls={panelId}
            tabIndex={i === open ? 0 : -1}
            className={`rules__tab${i === open ? ' rules__tab--active' : ''}`}
            onClick={() => setOpen(i)}
            onKeyDown={onTabKey}
            data-testid={`rules-tab-${rulesSlug(p.title)}`}
          >
            {p.title}
          </button>
        ))}
      </div>
      <div
        className="rules__panel"
        id={panelId}
        role="tabpanel"
        aria-labelledby={tabId(open)}
        data-testid="rules-panel"
      >
        <h2 className="rules__title">{panel.title}</h2>
        {panel.sections.length === 0 ? (
          <p className="rules__empty">{NO_RECORDS_TEXT}</p>
        ) : (
          panel.sections.map((section, i) => (
            <section key={section.heading ?? i} className="rules__section">
              {section.heading && <h3 className="rules__heading">{section.heading}</h3>}
              <ol className="rules__list">
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ol>
            </section>
          ))
        )}
      </div>
    </div>
  );
}
