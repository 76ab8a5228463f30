import { Trans } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@pictura/contract';

/**
 * "I agree to the privacy policy and the terms and conditions", both linked. For the agreement
 * checkboxes of sign-up (`agreedToPrivacyPolicy`) and checkout (`agreedToPP_TOS`): pass it as the
 * CheckboxField's label. The links open a new tab, so what is typed in the form stays.
 */
export function AgreementLabel() {
  return (
    <Trans
      i18nKey="legal.agreement"
      components={{
        privacy: <Link to={paths.privacyPolicy} target="_blank" rel="noopener" />,
        terms: <Link to={paths.termsAndConditions} target="_blank" rel="noopener" />,
      }}
    />
  );
}
