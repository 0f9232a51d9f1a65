import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { SiteLogo } from '@/components';
import { useBalance } from '@/lib/balance';
import { useLiveUser } from '@/lib/live';
import { formatAmount } from '@/lib/format';
import { useSignedIn } from '@/lib/session';
import { showParentTokenLinks, showPaymentLinks, useLinkContext } from '@/lib/link-rules';
import { getStoredUser, readJson } from '@/lib/storage';
import { VISIBILITY_STORAGE_KEY, initialVisibility, type Visibility } from '../lib/visibility';
import { HeaderSearch } from './header-search';
import { MyMarketModal } from './my-market-modal';
import { RulesModal } from './rules-modal';
import { SetButtonValueModal } from './set-button-value-modal';
import { UserMenu, type MenuModal } from './user-menu';

type OpenModal = MenuModal | 'market' | null;

/**
 * Logo, search, rules, wallet, balance and exposure, the notifications' bell, user menu; and the
 * modals they open. The rules shown, the bell and the SignOut come from other features, passed
 * in by the app (ADR 29).
 */
export function Header({
  onMenu,
  rules,
  notifications,
  onSignOut,
}: {
  onMenu: () => void;
  rules: ReactNode;
  notifications: ReactNode;
  onSignOut: () => void;
}) {
  const signedIn = useSignedIn();
  const { data: balance } = useBalance(signedIn);
  // Pushed balance and bet changes; the poll above stays as the fallback.
  useLiveUser();
  const user = getStoredUser();
  const ctx = useLinkContext();
  const payments = showPaymentLinks(ctx);
  const [visibility, setVisibility] = useState<Visibility>(() =>
    initialVisibility(window.innerWidth, readJson<Partial<Visibility>>(localStorage, VISIBILITY_STORAGE_KEY)),
  );
  const [modal, setModal] = useState<OpenModal>(null);
  const closeModal = () => setModal(null);

  const toggle = (key: keyof Visibility) =>
    setVisibility((v) => {
      const next = { ...v, [key]: !v[key] };
      localStorage.setItem(VISIBILITY_STORAGE_KEY, JSON.stringify(next));
      return next;
    });

  return (
    <header className="header" data-testid="header">
      <button
        type="button"
        className="icon-btn header__menu"
        aria-label="Open menu"
        onClick={onMenu}
        data-testid="mobile-menu-button"
      >
        <span className="burger" aria-hidden="true" />
      </button>
      <Link to="/home" className="header__logo" aria-label="Home" data-testid="header-logo">
        <SiteLogo />
      </Link>
      <HeaderSearch />
      <div className="header__right">
        <button
          type="button"
          className="header__link header__rules"
          onClick={() => setModal('rules')}
          data-testid="rules-link"
        >
          Rules
        </button>
        {payments && (
          <Link to="/setting/d-w" className="header__link header__wallet" data-testid="deposit-withdraw-link">
            <span className="header__wallet-long">Deposit/Withdraw</span>
            <span className="header__wallet-short" aria-hidden="true">
              D/W
            </span>
          </Link>
        )}
        <div className="header__money">
          {visibility.balance && (
            // The amount available to bet (total less exposure), as the casino and the bet checks count it (ADR 27).
            <div
              className="header__balance"
              title={
                balance
                  ? `Available to bet. Total ${formatAmount(balance.total_balance)}, exposure ${formatAmount(balance.liability)}`
                  : undefined
              }
            >
              <span className="header__money-label">Balance:</span>{' '}
              <b data-testid="balance">{formatAmount(balance?.available_balance)}</b>
            </div>
          )}
          {visibility.exposure && (
            <button
              type="button"
              className="header__exposure"
              onClick={() => setModal('market')}
              data-testid="exposure-button"
            >
              <span className="header__money-label">Exposure:</span>{' '}
              <b data-testid="exposure">{formatAmount(Math.abs(balance?.liability ?? 0))}</b>
            </button>
          )}
        </div>
        {notifications}
        <UserMenu
          userName={user?.user_name ?? ''}
          showPayments={payments}
          showParentTokenLinks={showParentTokenLinks(ctx)}
          visibility={visibility}
          onToggle={toggle}
          onOpenModal={setModal}
          onSignOut={onSignOut}
        />
      </div>
      {modal === 'rules' && <RulesModal onClose={closeModal}>{rules}</RulesModal>}
      {modal === 'market' && <MyMarketModal onClose={closeModal} />}
      {modal === 'buttons' && <SetButtonValueModal onClose={closeModal} />}
    </header>
  );
}
