/**
 * /profile/edit (SPEC §2): the viewer's details and an optional new password with its confirmation, saved with the
 * patch override; a viewer whose password is temporary must choose a new one here before going anywhere else
 * (the session machine keeps them here and releases them once the saved profile says so). Below, the request for
 * the account's deletion, confirmed by a mailed link.
 */
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useAccountForm, useViewerProfile } from '../../app/facades/account';
import { useViewerStatus } from '../../app/facades/session';
import { AccountFormFlow } from '../../app/flows';
import { ErrorNotice, fieldValue, FormNotice, SubmitButton, TextField } from '../../components/form/Fields';
import * as styles from '../../components/form/form.css';
import { secondaryButton } from '../../components/controls.css';
import type { ViewerProfile } from '../../../machines/session/session.types';

export function ProfileEditView() {
  const { t } = useTranslation();
  const profile = useViewerProfile();
  const status = useViewerStatus();
  return (
    <section className={styles.wideCard} aria-labelledby="page-title">
      <h1 id="page-title" className={styles.title}>
        {t('pages.profileEdit')}
      </h1>
      {status === 'anonymous' && (
        <>
          <p className={styles.lead}>{t('account.loginRequired')}</p>
          <Link className={styles.link} href="/login">
            {t('account.logInSubmit')}
          </Link>
        </>
      )}
      {profile && (
        <>
          <p className={styles.lead}>{t('account.profileLead')}</p>
          {/* A new flow per viewer: another viewer's saved state never shows. */}
          <AccountFormFlow.Scope key={`edit-${profile.id}`} input={{}}>
            <ProfileForm profile={profile} temporary={status === 'temporaryPassword'} />
          </AccountFormFlow.Scope>
          <AccountFormFlow.Scope key={`delete-${profile.id}`} input={{}}>
            <DeletionRequest email={profile.email} />
          </AccountFormFlow.Scope>
        </>
      )}
    </section>
  );
}

function ProfileForm({ profile, temporary }: { profile: ViewerProfile; temporary: boolean }) {
  const { t } = useTranslation();
  const { busy, done, error, submit } = useAccountForm();
  const errors = error?.fieldErrors;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    submit({
      kind: 'profileUpdate',
      passwordRequired: temporary,
      fields: {
        firstName: fieldValue(form, 'first_name'),
        lastName: fieldValue(form, 'last_name'),
        phone: fieldValue(form, 'phone'),
        password: fieldValue(form, 'password'),
        passwordConfirmation: fieldValue(form, 'password_confirmation'),
      },
    });
  };
  return (
    <>
      {temporary && <FormNotice tone="info">{t('account.temporaryPassword')}</FormNotice>}
      {!profile.email_verified && !temporary && <FormNotice tone="info">{t('account.verifyEmailNotice')}</FormNotice>}
      {done && <FormNotice tone="success">{t('account.profileSaved')}</FormNotice>}
      <ErrorNotice error={error} />
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('pages.profileEdit')}>
        <TextField name="email" label="account.email" type="email" autoComplete="username" defaultValue={profile.email} readOnly />
        <div className={styles.row}>
          <TextField name="first_name" label="account.firstName" autoComplete="given-name" defaultValue={profile.first_name} errors={errors} required />
          <TextField name="last_name" label="account.lastName" autoComplete="family-name" defaultValue={profile.last_name} errors={errors} required />
        </div>
        <TextField name="phone" label="account.phone" type="tel" autoComplete="tel" hint="account.phoneHint" defaultValue={profile.phone ?? ''} errors={errors} />
        <h2 className={styles.sectionTitle}>{t('account.passwordSection')}</h2>
        <TextField
          name="password"
          label="account.newPassword"
          type="password"
          autoComplete="new-password"
          hint={temporary ? 'account.passwordHint' : 'account.newPasswordHint'}
          errors={errors}
          required={temporary}
        />
        <TextField name="password_confirmation" label="account.confirmNewPassword" type="password" autoComplete="new-password" errors={errors} required={temporary} />
        <SubmitButton busy={busy} label="account.profileSubmit" busyLabel="account.saving" className={styles.submitInline} />
      </form>
    </>
  );
}

function DeletionRequest({ email }: { email: string }) {
  const { t } = useTranslation();
  const { busy, done, error, submit } = useAccountForm();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit({ kind: 'requestAccountDeletion' });
  };
  return (
    <section className={styles.section} aria-labelledby="delete-title">
      <h2 id="delete-title" className={styles.sectionTitle}>
        {t('account.deleteSection')}
      </h2>
      <p className={styles.hint}>{t('account.deleteRequestLead')}</p>
      {done && <FormNotice tone="success">{t('account.deleteRequested', { email })}</FormNotice>}
      <ErrorNotice error={error} />
      <form onSubmit={onSubmit} aria-label={t('account.deleteSection')}>
        <button type="submit" className={secondaryButton} disabled={busy} aria-busy={busy || undefined}>
          {t(busy ? 'account.sending' : 'account.deleteRequest')}
        </button>
      </form>
    </section>
  );
}
