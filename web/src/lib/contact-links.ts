import type { PublicSettings } from '@shared/schemas/settings';
import type { ComponentType } from 'react';
import { FacebookIcon, InstagramIcon, LinkedinIcon, TwitterIcon } from '../components/icons';

/** `tel:` wants digits (and a leading +), not the formatting people type. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

type SupportContacts = Pick<
  PublicSettings,
  'support_phone' | 'phone_number' | 'support_email' | 'contact_email'
>;
/** Support questions about an order: the support phone, else the general number (spec 000 §2). */
export const supportPhone = (s: SupportContacts): string | null =>
  s.support_phone?.trim() || s.phone_number?.trim() || null;
export const supportEmail = (s: SupportContacts): string | null =>
  s.support_email?.trim() || s.contact_email?.trim() || null;

export interface SocialNetwork {
  key: 'facebook' | 'twitter' | 'instagram' | 'linkedin';
  label: string;
  Icon: ComponentType<{ size?: number }>;
}

/** The social networks the owner may link to, in display order (keys of `settings.contact.social`). */
export const socialNetworks: readonly SocialNetwork[] = [
  { key: 'facebook', label: 'Facebook', Icon: FacebookIcon },
  { key: 'twitter', label: 'Twitter', Icon: TwitterIcon },
  { key: 'instagram', label: 'Instagram', Icon: InstagramIcon },
  { key: 'linkedin', label: 'LinkedIn', Icon: LinkedinIcon },
];
