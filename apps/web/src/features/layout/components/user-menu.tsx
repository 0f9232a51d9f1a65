import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { useDismiss } from '@/hooks/use-dismiss';
import type { Visibility } from '../lib/visibility';

export type MenuModal = 'rules' | 'buttons';

interface UserMenuProps {
  userName: string;
  showPayments: boolean;
  showParentTokenLinks: boolean;
  visibility: Visibility;
  onToggle: (key: keyof Visibility) => void;
  onOpenModal: (modal: MenuModal) => void;
  onSignOut: () => void;
}

interface MenuLink {
  label: string;
  to: string;
  testId: string;
  show: boolean;
}

/** The user dropdown: reports, settings, the two modals, the visibility switches and SignOut. */
export function UserMenu(props: UserMenuProps) {
  const { userName, showPayments, showParentTokenLinks, visibility, onToggle, onOpenModal, onSignOut } =
    props;
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => setOpen(false);
  useDismiss(box, open, close);

  const reports: MenuLink[] = [
    {
      label: 'Account Statement',
      to: '/report/account-statement',
      testId: 'user-menu-account-statement',
      show: true,
    },
    {
      label: 'Payment Statement',
      to: '/report/payment-withdraw',
      testId: 'user-menu-payment-statement',
      show: showPayments,
    },
    { label: 'Current Bet', to: '/report/current-bet', testId: 'user-menu-current-bet', show: true },
    { label: 'Profit & Loss', to: '/report/profit-loss', testId: 'user-menu-profit-loss', show: true },
    { label: 'Casino Result', to: '/report/casino-result', testId: 'user-menu-casino-result', show: true },
    {
      label: 'Live Casino Bets',
      to: '/report/live-casino-bets',
      testId: 'user-menu-live-casino-bets',
      show: showParentTokenLinks,
    },
  ];
  const settings: MenuLink[] = [
    { label: 'Settings', to: '/setting/preferences', testId: 'user-menu-settings', show: true },
    {
      label: 'Safer Gambling',
      to: '/setting/safer-gambling',
      testId: 'user-menu-safer-gambling',
      show: true,
    },
    {
      label: 'Security Auth Verification',
      to: '/security-auth',
      testId: 'user-menu-security-auth',
      show: showParentTokenLinks,
    },
    {
      label: 'Change Password',
      to: '/setting/change-password',
      testId: 'user-menu-change-password',
      show: showParentTokenLinks,
    },
  ];
  const link = (l: MenuLink) =>
    l.show && (
      <li key={l.testId}>
        <Link to={l.to} className="user-menu__item" onClick={close} data-testid={l.testId}>
          {l.label}
        </Link>
      </li>
    );
  const modal = (label: string, m: MenuModal, testId: string) => (
    <li>
      <button
        type="button"
        className="user-menu__item"
        onClick={() => {
          close();
          // The item goes with the menu: the menu button holds the focus, so the modal gives it back there.
          button.current?.focus();
          onOpenModal(m);
        }}
        data-testid={testId}
      >
        {label}
      </button>
    </li>
  );
  const toggle = (label: string, key: keyof Visibility, testId: string) => (
    <li>
      <label className="user-menu__item user-menu__check">
        <input
          type="checkbox"
          checked={visibility[key]}
          onChange={() => onToggle(key)}
          data-testid={testId}
        />
        {label}
      </label>
    </li>
  );

  return (
    <div className="user-menu" ref={box}>
      <button
        ref={button}
        type="button"
        className="user-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        // On a phone only the icon shows: the name says whose menu it is (starting with the
        // user name the wider screens show, so the visible text is in the name).
        aria-label={`${userName}, account menu`}
        onClick={() => setOpen((o) => !o)}
        data-testid="user-menu"
      >
        <svg className="user-menu__icon" width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="12" cy="8" r="4.2" fill="currentColor" />
          <path d="M3.5 21c.8-4.6 4.2-7 8.5-7s7.7 2.4 8.5 7z" fill="currentColor" />
        </svg>
        <span className="user-menu__name">{userName}</span>
        <span className="user-menu__caret" aria-hidden="true">
          ▾
        </span>
      </button>
      {open && (
        <ul className="user-menu__panel" role="menu" data-testid="user-menu-panel">
          {reports.map(link)}
          {modal('Set Button Values', 'buttons', 'user-menu-set-button-values')}
          {settings.map(link)}
          {modal('Rules', 'rules', 'user-menu-rules')}
          {toggle('Balance', 'balance', 'user-menu-toggle-balance')}
          {toggle('Exposure', 'exposure', 'user-menu-toggle-exposure')}
          <li className="user-menu__sep">
            <button
              type="button"
              className="user-menu__item user-menu__signout"
              onClick={() => {
                close();
                onSignOut();
              }}
              data-testid="sign-out"
            >
              SignOut
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
