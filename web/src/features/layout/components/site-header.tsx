import { HEADER_SCROLL_THRESHOLD_PX } from '@shared/constants';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { CloseIcon, MenuIcon } from '../../../components/icons';
import { SiteLogo } from '../../../components/site-logo';
import { useSettings } from '../../../lib/settings/settings-context';
import { paths } from '../../../paths';
import { CartLink } from './cart-link';
import './site-header.css';

const NAV_ID = 'primary-navigation';

const navLinks = [
  { to: paths.howItWorks.path, label: 'How It Works' },
  { to: paths.orderStatus.path, label: 'Track Order' },
  { to: paths.contact.path, label: 'Contact' },
];

/**
 * Whether the page is scrolled past HEADER_SCROLL_THRESHOLD_PX, watched through an observer on a marker that tall
 * at the top of the page: reading `window.scrollY` when the header mounts would force a layout of the whole first page
 * while it is still being built.
 */
function useScrolledPast(): [boolean, RefObject<HTMLDivElement | null>] {
  const marker = useRef<HTMLDivElement>(null);
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const element = marker.current;
    if (!element) return;
    const observer = new IntersectionObserver(([entry]) => setScrolled(!entry.isIntersecting));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [scrolled, marker];
}

export function SiteHeader() {
  const settings = useSettings();
  const [scrolled, scrollMarker] = useScrolledPast();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const closeMenu = () => setMenuOpen(false);

  // Any navigation (links, back button) closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input.
  useEffect(() => setMenuOpen(false), [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <>
      <div
        ref={scrollMarker}
        className="scroll-marker"
        style={{ height: HEADER_SCROLL_THRESHOLD_PX }}
        aria-hidden="true"
      />
      <header className={scrolled ? 'site-header is-scrolled' : 'site-header'}>
        <div className="container site-header__inner">
          <Link to={paths.home.path} className="site-logo" onClick={closeMenu}>
            <SiteLogo settings={settings} />
          </Link>

          <nav id={NAV_ID} className={menuOpen ? 'primary-nav is-open' : 'primary-nav'} aria-label="Main">
            <ul className="primary-nav__list">
              {navLinks.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} className="primary-nav__link" onClick={closeMenu}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <Link to={paths.products.path} className="btn btn--primary primary-nav__cta" onClick={closeMenu}>
              Get Started
            </Link>
          </nav>

          <div className="site-header__actions">
            <CartLink onNavigate={closeMenu} />
            <button
              type="button"
              className="icon-button menu-toggle"
              aria-expanded={menuOpen}
              aria-controls={NAV_ID}
              aria-label={menuOpen ? 'Close menu' : 'Open menu'}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <CloseIcon size={24} /> : <MenuIcon size={24} />}
            </button>
          </div>
        </div>
      </header>
    </>
  );
}
