import { Link } from 'react-router';
import { MailIcon, PhoneIcon } from '../../../components/icons';
import { SiteLogo } from '../../../components/site-logo';
import { socialNetworks, telHref } from '../../../lib/contact-links';
import { useSettings } from '../../../lib/settings/settings-context';
import { paths } from '../../../paths';
import './site-footer.css';

const quickLinks = [
  { to: paths.products.path, label: 'Sell Strips' },
  { to: paths.howItWorks.path, label: 'How It Works' },
  { to: paths.faq.path, label: 'FAQ' },
  { to: paths.contact.path, label: 'Contact Us' },
];

export function SiteFooter() {
  const settings = useSettings();
  const phone = settings.phone_number?.trim();
  const email = settings.contact_email?.trim();
  const socials = socialNetworks
    .map((network) => ({ ...network, url: settings.contact.social[network.key]?.trim() }))
    .filter((network) => network.url);

  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__about">
          <Link to={paths.home.path} className="site-logo site-logo--footer">
            <SiteLogo settings={settings} />
          </Link>
          <p>{settings.site_description}</p>
          <p className="site-footer__promise">
            Free prepaid shipping · Paid within 36 hours of arrival · Up to $50 per box
          </p>
        </div>

        <nav className="site-footer__section" aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="site-footer__heading">
            Quick Links
          </h2>
          <ul className="site-footer__list">
            {quickLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>

        {(phone || email) && (
          <section className="site-footer__section" aria-labelledby="footer-contact">
            <h2 id="footer-contact" className="site-footer__heading">
              Contact Info
            </h2>
            <ul className="site-footer__list">
              {phone && (
                <li>
                  <a href={telHref(phone)} className="site-footer__contact">
                    <PhoneIcon size={18} />
                    {phone}
                  </a>
                </li>
              )}
              {email && (
                <li>
                  <a href={`mailto:${email}`} className="site-footer__contact">
                    <MailIcon size={18} />
                    {email}
                  </a>
                </li>
              )}
            </ul>
          </section>
        )}

        {socials.length > 0 && (
          <section className="site-footer__section" aria-labelledby="footer-follow">
            <h2 id="footer-follow" className="site-footer__heading">
              Follow Us
            </h2>
            <ul className="site-footer__social">
              {socials.map(({ key, label, url, Icon }) => (
                <li key={key}>
                  <a
                    href={url}
                    className="social-link"
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={label}
                  >
                    <Icon size={20} />
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
      <div className="site-footer__bottom">
        <div className="container">
          <p>
            © {new Date().getFullYear()} {settings.site_name}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}
