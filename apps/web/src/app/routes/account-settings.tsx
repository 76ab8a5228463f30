import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@pictura/contract';
import { Page } from '../../components/page';
import { PageLinks } from '../../components/page-links';
import { ChangePasswordForm } from '../../features/account/components/change-password-form';
import { LogOutEverywhere } from '../../features/account/components/log-out-everywhere';
import { WithProfile } from '../../features/account/components/profile-state';
import { ChangeEmailForm } from '../../features/email-verification/components/change-email-form';
import { ProfileForm } from '../../features/account/components/profile-form';
import { EndOtherSessionsOffer } from '../../features/account/components/end-other-sessions-offer';
import { SignedInSessions } from '../../features/account/components/signed-in-sessions';
import { AccountEvents } from '../../features/account/components/account-events';
import { TwoStepSettings } from '../../features/two-step/components/two-step-settings';
import { PasskeysSection } from '../../features/passkeys/components/passkeys-section';
import { DataExportSection } from '../../features/privacy/components/data-export-section';
import { DeleteAccountSection } from '../../features/privacy/components/delete-account-section';

/**
 * Name, email address, password, two-step sign-in, passkeys, sessions and recent account events of
 * the signed-in user, and their data rights.
 */
/** After a change to how the account signs in: log out the other devices? */
const offerToEndOthers = (dismiss: () => void) => <EndOtherSessionsOffer onDismiss={dismiss} />;

export default function AccountSettingsPage() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Page title={t('pages.accountSettings.title')} intro={t('pages.accountSettings.intro')}>
      <PageLinks
        links={[
          { to: paths.billingInformation, label: t('pages.billingInformation.title') },
          { to: paths.orderHistory, label: t('nav.orderHistory') },
          { to: paths.artworks, label: t('nav.artworks') },
          { to: paths.wallet, label: t('nav.wallet') },
        ]}
      />
      <WithProfile>
        {(profile) => <ProfileForm profile={profile} headingId={`${id}-profile`} />}
      </WithProfile>
      <ChangePasswordForm headingId={`${id}-password`} />
      <WithProfile>
        {(profile) => (
          <ChangeEmailForm
            profile={profile}
            headingId={`${id}-email`}
            afterChange={offerToEndOthers}
          />
        )}
      </WithProfile>
      <TwoStepSettings headingId={`${id}-two-step`} afterChange={offerToEndOthers} />
      <PasskeysSection headingId={`${id}-passkeys`} afterChange={offerToEndOthers} />
      <SignedInSessions headingId={`${id}-devices`} />
      <AccountEvents headingId={`${id}-events`} />
      <LogOutEverywhere headingId={`${id}-sessions`} />
      <DataExportSection headingId={`${id}-export`} />
      <DeleteAccountSection headingId={`${id}-delete`} />
    </Page>
  );
}
