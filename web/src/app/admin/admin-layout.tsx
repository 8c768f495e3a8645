import { authMessages } from '@shared/messages';
import { type ComponentType, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import {
  CustomersIcon,
  LogoutIcon,
  MarketingIcon,
  OrdersIcon,
  OverviewIcon,
  PayoutsIcon,
  ProductsIcon,
  ReceivingIcon,
  SettingsIcon,
  SupportIcon,
} from '../../components/admin/admin-icons';
import { ErrorBoundary } from '../../components/error-boundary';
import { CloseIcon, type IconProps, MenuIcon } from '../../components/icons';
import { LoadingState } from '../../components/loading-state';
import { SettingsBanner } from '../../components/settings-banner';
import { endSession } from '../../features/auth/auth-session';
import { useSettings } from '../../lib/settings/settings-context';
import { paths } from '../../paths';
import { RouteError } from '../route-error';
import { BreachBanner } from './breach-banner';

const MAIN_ID = 'main-content';
const SIDEBAR_ID = 'admin-sidebar';

/** Spec 001 §2 'Admin layout': the sidebar's entries, in order. */
const NAV: Array<{ to: string; label: string; icon: ComponentType<IconProps>; end?: boolean }> = [
  { to: paths.admin.path, label: 'Overview', icon: OverviewIcon, end: true },
  { to: paths.adminOrders.path, label: 'Orders', icon: OrdersIcon },
  { to: paths.adminReceiving.path, label: 'Receiving', icon: ReceivingIcon },
  { to: paths.adminPayouts.path, label: 'Payouts', icon: PayoutsIcon },
  { to: paths.adminProducts.path, label: 'Products', icon: ProductsIcon },
  { to: paths.adminCustomers.path, label: 'Customers', icon: CustomersIcon },
  { to: paths.adminMarketing.path, label: 'Marketing', icon: MarketingIcon },
  { to: paths.adminSupport.path, label: 'Support Tickets', icon: SupportIcon },
  { to: paths.adminSettings.path, label: 'Settings', icon: SettingsIcon },
];

function LogoutButton() {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const logout = () => {
    setState('busy');
    // On success the guard sends the staff member to /login; this view is gone by then.
    endSession({ explicit: true }).catch(() => setState('failed'));
  };
  return (
    <div className="admin-sidebar__logout">
      <button type="button" className="admin-nav__link" onClick={logout} disabled={state === 'busy'}>
        <LogoutIcon />
        {authMessages.logout}
      </button>
      {state === 'failed' && (
        <p className="admin-sidebar__error" role="alert">
          {authMessages.signOutFailed}
        </p>
      )}
    </div>
  );
}

/**
 * The back office's frame: a sidebar that is a drawer below 1024 px, the settings and breach banners, and the
 * page. The public header and footer are not part of it.
 */
export function AdminLayout() {
  const { pathname } = useLocation();
  const settings = useSettings();
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const sidebarRef = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: every navigation starts at the top, drawer closed.
  useEffect(() => {
    setOpen(false);
    window.scrollTo(0, 0);
  }, [pathname]);

  useEffect(() => {
    if (!open) return;
    sidebarRef.current?.querySelector<HTMLElement>('nav a')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  return (
    <div className={open ? 'admin-shell admin-shell--drawer-open' : 'admin-shell'}>
      <a className="skip-link" href={`#${MAIN_ID}`}>
        Skip to main content
      </a>
      <header className="admin-topbar">
        <button
          ref={toggleRef}
          type="button"
          className="admin-icon-button admin-topbar__toggle"
          aria-expanded={open}
          aria-controls={SIDEBAR_ID}
          aria-label="Menu"
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <CloseIcon size={22} /> : <MenuIcon size={22} />}
        </button>
        <Link to={paths.admin.path} className="admin-brand">
          {settings.site_name}
          <span className="admin-brand__tag">Admin</span>
        </Link>
      </header>

      {/* A pointer convenience only: Escape and the toggle close the drawer for keyboards. */}
      {open && <div className="admin-backdrop" aria-hidden="true" onClick={close} />}

      <div
        id={SIDEBAR_ID}
        ref={sidebarRef}
        className={open ? 'admin-sidebar admin-sidebar--open' : 'admin-sidebar'}
      >
        <Link to={paths.admin.path} className="admin-brand admin-sidebar__brand">
          {settings.site_name}
          <span className="admin-brand__tag">Admin</span>
        </Link>
        <nav aria-label="Back office">
          <ul className="admin-nav">
            {NAV.map(({ to, label, icon: Icon, end }) => (
              <li key={to}>
                {/* Closed at the click: the next page may still be loading when the path changes. */}
                <NavLink to={to} end={end} className="admin-nav__link" onClick={() => setOpen(false)}>
                  <Icon />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <LogoutButton />
      </div>

      {/* While the drawer is open it is the only thing a keyboard or screen reader can reach, like a dialog. */}
      <main id={MAIN_ID} className="admin-main" tabIndex={-1} inert={open}>
        <SettingsBanner />
        <BreachBanner />
        <div className="admin-content">
          <ErrorBoundary fallback={<RouteError />} resetKey={pathname}>
            <Suspense fallback={<LoadingState message="Loading..." />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </div>
      </main>
    </div>
  );
}
