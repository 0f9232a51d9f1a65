import { useState } from 'react';
import { Modal } from '@/components';
import { NO_RECORDS_TEXT, RULES_PANELS } from '@/lib/rules';

/** Which rules panel a market's 'Rules' button opens. */
export type MarketRulesTitle = 'Match' | 'Bookmaker' | 'Fancy' | 'Binary' | 'Horse Racing' | 'Politics';

/** The 'i' button of a market header and the rules of that market in a modal. */
export function MarketRulesButton({ title, testId }: { title: MarketRulesTitle; testId: string }) {
  const [open, setOpen] = useState(false);
  const panel = RULES_PANELS.find((p) => p.title === title);
  return (
    <>
      <button
        type="button"
        className="market__rules"
        aria-label={`${title} rules`}
        onClick={() => setOpen(true)}
        data-testid={testId}
      >
        i
      </button>
      {open && (
        <Modal title={`${title} Rules`} onClose={() => setOpen(false)} testId="market-rules-modal" size="lg">
          {!panel || panel.sections.length === 0 ? (
            <p>{NO_RECORDS_TEXT}</p>
          ) : (
            panel.sections.map((section, i) => (
              <section key={section.heading ?? i} className="market-rules__section">
                {section.heading && <h3 className="market-rules__heading">{section.heading}</h3>}
                <ol className="market-rules__list">
                  {section.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ol>
              </section>
            ))
          )}
        </Modal>
      )}
    </>
  );
}
