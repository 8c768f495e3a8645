import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './contact-option.css';

type ContactOptionTarget =
  | { href: string; to?: never; target?: string; rel?: string }
  | { to: string; href?: never; target?: never; rel?: never };

type ContactOptionProps = ContactOptionTarget & {
  icon: ReactNode;
  label: ReactNode;
  value: ReactNode;
};

/** One `.contact-options` list item: an icon, a label and a value, linking out (`href`) or in the app (`to`). */
export function ContactOption({ href, to, target, rel, icon, label, value }: ContactOptionProps) {
  const body = (
    <>
      <span className="contact-option__icon">{icon}</span>
      <span>
        <span className="contact-option__label">{label}</span>
        <span className="contact-option__value">{value}</span>
      </span>
    </>
  );
  return (
    <li>
      {to !== undefined ? (
        <Link className="contact-option" to={to}>
          {body}
        </Link>
      ) : (
        <a className="contact-option" href={href} target={target} rel={rel}>
          {body}
        </a>
      )}
    </li>
  );
}
