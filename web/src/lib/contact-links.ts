import type { ComponentType } from 'react';
import { FacebookIcon, InstagramIcon, LinkedinIcon, TwitterIcon } from '../components/icons';

/** `tel:` wants digits (and a leading +), not the formatting people type. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

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
