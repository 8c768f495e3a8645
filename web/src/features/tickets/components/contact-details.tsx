import { Link } from 'react-router';
import { ContactOption } from '../../../components/contact-option';
import { MailIcon, PhoneIcon } from '../../../components/icons';
import { socialNetworks, telHref } from '../../../lib/contact-links';
import { useSettings } from '../../../lib/settings/settings-context';
import { paths } from '../../../paths';

/** Phone, e-mail and social links, each only when the owner set it (spec 000 §2 Contact). */
export function ContactDetails() {
  const settings = useSettings();
  const phone = settings.phone_number?.trim() || settings.support_phone?.trim();
  const email = settings.contact_email?.trim() || settings.support_email?.trim();
  const socials = socialNetworks
    .map((n) => ({ ...n, url: settings.contact.social[n.key]?.trim() }))
    .filter((n) => n.url);

  return (
    <aside className="card contact-details" aria-labelledby="contact-details-title">
      <h2 id="contact-details-title">Get in Touch</h2>
      <p className="contact-details__intro">
        Questions about selling, your shipping label or a payment? We're here to help.
      </p>

      {(phone || email) && (
        <ul className="contact-options">
          {phone && (
            <ContactOption href={telHref(phone)} icon={<PhoneIcon size={20} />} label="Phone" value={phone} />
          )}
          {email && (
            <ContactOption
              href={`mailto:${email}`}
              icon={<MailIcon size={20} />}
              label="Email"
              value={email}
            />
          )}
        </ul>
      )}

      {socials.length > 0 && (
        <div className="contact-details__social">
          <h3>Follow Us</h3>
          <ul className="contact-social">
            {socials.map(({ key, label, url, Icon }) => (
              <li key={key}>
                <a href={url} className="contact-social__link" target="_blank" rel="noopener noreferrer">
                  <Icon size={20} />
                  {label}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}

      <div className="contact-details__more">
        <h3>Looking for an order?</h3>
        <p>
          <Link to={paths.orderStatus.path}>Track your order</Link> with your order number and e-mail, or read
          our <Link to={paths.faq.path}>frequently asked questions</Link>.
        </p>
      </div>
    </aside>
  );
}
