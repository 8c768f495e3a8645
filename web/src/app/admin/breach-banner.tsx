import { authMessages } from '@shared/messages';
import { AlertIcon, CloseIcon } from '../../components/icons';
import { dismissBreachNotice, useBreachNotice } from '../../features/auth/breach-notice';

/** The amber breach warning (spec 001 §5) where the staff member lands after signing in, until dismissed. */
export function BreachBanner() {
  const raised = useBreachNotice();
  if (!raised) return null;
  return (
    <div className="admin-breach-banner" role="alert">
      <AlertIcon size={20} />
      <p>{authMessages.breached}</p>
      <button
        type="button"
        className="admin-icon-button"
        aria-label="Dismiss password warning"
        onClick={dismissBreachNotice}
      >
        <CloseIcon size={18} />
      </button>
    </div>
  );
}
