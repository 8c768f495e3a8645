import { zodResolver } from '@hookform/resolvers/zod';
import { adminSettingsMessages as m } from '@shared/messages';
import type { AdminSettings } from '@shared/schemas/admin-settings';
import { ZAdminSettingsUpdate } from '@shared/schemas/admin-settings-update';
import { type ReactNode, useMemo } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { AlertIcon, ShieldIcon } from '../../components/icons';
import { LoadingState } from '../../components/loading-state';
import { StatePanel } from '../../components/state-panel';
import { usePageTitle } from '../../hooks/use-page-title';
import { isApiError } from '../../lib/api-client';
import { useAuthState } from '../../lib/auth-state';
import { paths } from '../../paths';
import { useAdminSettings } from './api/admin-settings';
import { StatusLine } from './components/settings-card';
import {
  AnalyticsCard,
  BasicCard,
  ContactCard,
  NotificationCard,
  PaymentMethodsCard,
  ProductCard,
} from './components/settings-cards';
import { ShippingCard } from './components/shipping-card';
import { CARD_FIELDS, type CardId, type SettingsForm, toFormValues } from './settings-form';
import { useSettingsSaver } from './use-settings-saver';
import './settings-page.css';

/** The settings as loaded; the form starts from them once (later saves update the fields they sent). */
function SettingsEditor({ settings }: { settings: AdminSettings }) {
  const initial = useMemo(() => toFormValues(settings), [settings]);
  const form = useForm<SettingsForm>({
    defaultValues: initial,
    // The save route's own schema: a field the server would refuse is refused here with the same message.
    resolver: zodResolver(ZAdminSettingsUpdate) as unknown as Resolver<SettingsForm>,
    mode: 'onSubmit',
  });
  const { save, saveNow, statuses, busy } = useSettingsSaver(form);
  const { isDirty } = form.formState;
  const { control } = form;

  const card = (id: CardId) => ({
    control,
    status: statuses[id] ?? null,
    saving: busy === id,
    onSave: () => void save(id, CARD_FIELDS[id]),
  });
  const saveAll = () => void save('page');
  const secrets = {
    easypost_test_api: settings.easypost_test_api,
    easypost_prod_api: settings.easypost_prod_api,
    carrier_id: settings.carrier_id,
  };

  return (
    <form className="settings-form" noValidate onSubmit={(e) => e.preventDefault()}>
      <div className="admin-page__header">
        <h1 className="admin-page__title">{m.title}</h1>
        <button type="button" className="btn btn--primary" onClick={saveAll} disabled={busy === 'page'}>
          {busy === 'page' ? m.saving : m.saveChanges}
        </button>
      </div>
      <StatusLine status={statuses.page ?? null} testId="settings-page-status" />

      <div className="settings-cards">
        <BasicCard {...card('basic')} />
        <ProductCard {...card('product')} />
        <PaymentMethodsCard
          control={control}
          status={statuses.payment ?? null}
          onToggle={(path) => void saveNow('payment', path, m.saveError)}
        />
        <NotificationCard {...card('notification')} />
        <ShippingCard
          {...card('shipping')}
          secrets={secrets}
          modeStatus={statuses.mode ?? null}
          modeSaving={busy === 'mode'}
          onModeChange={() => void saveNow('mode', ['easypost_use_production'], () => m.shippingModeFailed)}
        />
        <ContactCard {...card('contact')} />
        <AnalyticsCard {...card('analytics')} />
      </div>

      <div className="settings-form__bottom">
        <button type="button" className="btn btn--primary" onClick={saveAll} disabled={busy === 'page'}>
          {busy === 'page' ? m.saving : m.saveChanges}
        </button>
      </div>

      {isDirty && (
        <section className="settings-save-bar" aria-label="Unsaved changes">
          <p>{m.unsaved}</p>
          <button type="button" className="btn btn--primary" onClick={saveAll} disabled={busy === 'page'}>
            {busy === 'page' ? m.saving : m.saveAll}
          </button>
        </section>
      )}
    </form>
  );
}

function AuthenticationRequired() {
  return (
    <StatePanel icon={<ShieldIcon size={32} />} title={m.authRequired} headingLevel={1}>
      <p>{m.authRequiredDetail}</p>
      <div className="button-row button-row--center">
        <Link to={paths.login.path} className="btn btn--primary">
          {m.goToLogin}
        </Link>
      </div>
    </StatePanel>
  );
}

/** Spec 001 §2 'Settings (/admin/settings)'. */
export function SettingsPage() {
  usePageTitle(paths.adminSettings.title);
  const auth = useAuthState();
  const query = useAdminSettings();

  let body: ReactNode;
  if (auth.status === 'checking') body = <LoadingState message={m.initializing} />;
  else if (auth.status === 'signedOut' || (isApiError(query.error) && query.error.status === 401))
    body = <AuthenticationRequired />;
  else if (query.isPending) body = <LoadingState message={m.loading} />;
  else if (query.isError)
    body = (
      <StatePanel icon={<AlertIcon size={32} />} title={m.loadFailed} tone="error" headingLevel={1}>
        <div className="button-row button-row--center">
          <button type="button" className="btn btn--primary" onClick={() => void query.refetch()}>
            {m.tryAgain}
          </button>
        </div>
      </StatePanel>
    );
  else body = <SettingsEditor settings={query.data} />;

  return <div className="admin-page settings-page">{body}</div>;
}
