/**
 * The authentication screens (SPEC §2): log in (with the social providers), register, the verification notice and
 * the pages of the mailed links (verify the email, choose a new password, confirm the account's deletion), and the
 * request for a reset link. Sign-ins go through the session flow; the rest through an account form flow each. The
 * views read busy, done and refusals from those machines and send what the viewer typed; they decide nothing.
 */
import { useEffect, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import type { SignedLink } from '../../../machines/account-form/account-form.types';
import { useAccountForm, useMailedLink, useSignIn, useSocialCode, useViewerProfile } from '../../app/facades/account';
import { useShell, AccountFormFlow } from '../../app/flows';
import { CheckboxField, ErrorNotice, fieldValue, FormNotice, SubmitButton, TextField } from '../../components/form/Fields';
import * as styles from '../../components/form/form.css';
import type { MessageKey } from '../../i18n/locales/en';

function AuthPage({ title, lead, children }: { title: MessageKey; lead?: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className={styles.card} aria-labelledby="page-title">
      <h1 id="page-title" className={styles.title}>
        {t(title)}
      </h1>
      {lead && <p className={styles.lead}>{lead}</p>}
      {children}
    </section>
  );
}

const submitted = (event: FormEvent<HTMLFormElement>): FormData => {
  event.preventDefault();
  return new FormData(event.currentTarget);
};

/** The mailed link from the page's query (`email`, `expires`, `signature`), or null when it cannot be one. */
const useSignedLink = (): SignedLink | null => useMailedLink(useSearch());

const PROVIDERS = [
  { id: 'google', name: 'Google' },
  { id: 'facebook', name: 'Facebook' },
] as const;

function SocialButtons({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const { socialLoginUrl } = useShell();
  return (
    <div className={styles.socialButtons}>
      {PROVIDERS.map((provider) => {
        const href = socialLoginUrl(provider.id);
        return (
          <a
            key={provider.id}
            className={styles.socialButton}
            href={href ?? undefined}
            aria-disabled={disabled || href === null || undefined}
            data-provider={provider.id}
          >
            {t('account.continueWith', { provider: provider.name })}
          </a>
        );
      })}
    </div>
  );
}

/**
 * Back from the social provider: `/login?code=` is traded for a session once, when the session says it would take
 * that code (it keeps the codes it has tried). True while the page carries a code.
 */
function useSocialHandOff(): boolean {
  const code = new URLSearchParams(useSearch()).get('code');
  const { takesCode, trade } = useSocialCode(code);
  useEffect(() => {
    if (code !== null && takesCode) trade(code);
  }, [code, takesCode, trade]);
  return code !== null;
}

export function LoginView() {
  const { t } = useTranslation();
  const { canSubmit, signingIn, error, logIn } = useSignIn('login');
  const handingOff = useSocialHandOff();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = submitted(event);
    logIn({ email: fieldValue(form, 'email').trim(), password: fieldValue(form, 'password') });
  };
  return (
    <AuthPage title="account.logInTitle" lead={t('account.logInLead')}>
      {handingOff && signingIn && <FormNotice tone="info">{t('account.socialSigningIn')}</FormNotice>}
      <SocialButtons disabled={!canSubmit} />
      <p className={styles.divider}>{t('account.orWithEmail')}</p>
      <ErrorNotice error={error} />
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('account.logInTitle')}>
        <TextField name="email" label="account.emailOrLogin" type="text" inputMode="email" autoComplete="username" errors={error?.fieldErrors} required />
        <TextField name="password" label="account.password" type="password" autoComplete="current-password" errors={error?.fieldErrors} required />
        {/* Busy and disabled exactly while the session would not take the form (state.can). */}
        <SubmitButton busy={!canSubmit} label="account.logInSubmit" busyLabel="account.loggingIn" />
      </form>
      <div className={styles.links}>
        <Link className={styles.link} href="/password-reset-request">
          {t('account.forgotPassword')}
        </Link>
        <span>
          {t('account.noAccount')}{' '}
          <Link className={styles.link} href="/registration">
            {t('account.createAccount')}
          </Link>
        </span>
      </div>
    </AuthPage>
  );
}

export function RegistrationView() {
  const { t, i18n } = useTranslation();
  const { canSubmit, error, register } = useSignIn('register');
  const errors = error?.fieldErrors;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = submitted(event);
    const phone = fieldValue(form, 'phone').trim();
    register({
      firstName: fieldValue(form, 'first_name'),
      lastName: fieldValue(form, 'last_name'),
      email: fieldValue(form, 'email').trim(),
      password: fieldValue(form, 'password'),
      passwordConfirmation: fieldValue(form, 'password_confirmation'),
      terms: form.get('terms') === 'true',
      phone: phone === '' ? null : phone,
      language: i18n.resolvedLanguage ?? null,
    });
  };
  return (
    <AuthPage title="pages.registration" lead={t('account.registerLead')}>
      <ErrorNotice error={error} />
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('pages.registration')}>
        <div className={styles.row}>
          <TextField name="first_name" label="account.firstName" autoComplete="given-name" errors={errors} required />
          <TextField name="last_name" label="account.lastName" autoComplete="family-name" errors={errors} required />
        </div>
        <TextField name="email" label="account.email" type="email" autoComplete="email" errors={errors} required />
        <TextField name="phone" label="account.phone" type="tel" autoComplete="tel" hint="account.phoneHint" errors={errors} />
        <TextField name="password" label="account.password" type="password" autoComplete="new-password" hint="account.passwordHint" errors={errors} required />
        <TextField name="password_confirmation" label="account.confirmPassword" type="password" autoComplete="new-password" errors={errors} required />
        <CheckboxField
          name="terms"
          errors={errors}
          label={<Trans i18nKey="account.acceptTerms" components={{ terms: <Link className={styles.link} href="/terms_conditions" /> }} />}
        />
        <SubmitButton busy={!canSubmit} label="account.registerSubmit" busyLabel="account.registering" />
      </form>
      <div className={styles.links}>
        <span>
          {t('account.haveAccount')}{' '}
          <Link className={styles.link} href="/login">
            {t('account.logInSubmit')}
          </Link>
        </span>
      </div>
    </AuthPage>
  );
}

export function VerifyNoticeView() {
  const { t } = useTranslation();
  const email = useViewerProfile()?.email ?? null;
  return (
    <AuthPage title="pages.verifyNotice">
      <FormNotice tone="info">{email ? t('account.verifyNoticeLead', { email }) : t('account.verifyNoticeAnonymous')}</FormNotice>
      <p className={styles.lead}>{t('account.verifyNoticeHint')}</p>
      <Link className={styles.link} href="/">
        {t('account.continueBrowsing')}
      </Link>
    </AuthPage>
  );
}

export function VerifyEmailView() {
  const link = useSignedLink();
  return (
    <AuthPage title="pages.verifyEmail">
      <AccountFormFlow.Scope input={{ submitOnStart: { kind: 'verifyEmail', link } }}>
        <VerifyEmailStatus />
      </AccountFormFlow.Scope>
    </AuthPage>
  );
}

function VerifyEmailStatus() {
  const { t } = useTranslation();
  const { busy, done, error } = useAccountForm();
  return (
    <>
      {busy && <FormNotice tone="info">{t('account.verifying')}</FormNotice>}
      {done && <FormNotice tone="success">{t('account.verified')}</FormNotice>}
      <ErrorNotice error={error} />
      {!busy && (
        <Link className={styles.link} href="/">
          {t('account.continueBrowsing')}
        </Link>
      )}
    </>
  );
}

export function PasswordResetRequestView() {
  const { t } = useTranslation();
  return (
    <AuthPage title="pages.passwordResetRequest" lead={t('account.resetRequestLead')}>
      <AccountFormFlow.Scope input={{}}>
        <PasswordResetRequestForm />
      </AccountFormFlow.Scope>
      <div className={styles.links}>
        <Link className={styles.link} href="/login">
          {t('account.backToLogin')}
        </Link>
      </div>
    </AuthPage>
  );
}

function PasswordResetRequestForm() {
  const { t } = useTranslation();
  const { busy, done, error, sentTo, submit } = useAccountForm();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    submit({ kind: 'passwordResetRequest', email: fieldValue(submitted(event), 'email') });
  };
  return (
    <>
      <ErrorNotice error={error} />
      {done && <SentNotice email={sentTo ?? ''} />}
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('pages.passwordResetRequest')}>
        <TextField name="email" label="account.email" type="email" autoComplete="email" errors={error?.fieldErrors} required />
        <SubmitButton busy={busy} label="account.resetRequestSubmit" busyLabel="account.sending" />
      </form>
    </>
  );
}

function SentNotice({ email }: { email: string }) {
  const { t } = useTranslation();
  return <FormNotice tone="success">{t('account.resetRequestDone', { email })}</FormNotice>;
}

export function PasswordResetView() {
  const { t } = useTranslation();
  const link = useSignedLink();
  return (
    <AuthPage title="pages.passwordReset" lead={link ? t('account.resetLead', { email: link.email }) : undefined}>
      <AccountFormFlow.Scope input={{ mailedLink: link }}>
        <PasswordResetForm link={link} />
      </AccountFormFlow.Scope>
    </AuthPage>
  );
}

function PasswordResetForm({ link }: { link: SignedLink | null }) {
  const { t } = useTranslation();
  const { busy, done, error, linkIncomplete, linkRefused, submit } = useAccountForm();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = submitted(event);
    submit({ kind: 'passwordReset', link, password: fieldValue(form, 'password'), passwordConfirmation: fieldValue(form, 'password_confirmation') });
  };
  if (linkIncomplete) return <IncompleteLink newLink="/password-reset-request" label="account.requestNewLink" />;
  if (done) {
    return (
      <>
        <FormNotice tone="success">{t('account.resetDone')}</FormNotice>
        <Link className={styles.link} href="/login">
          {t('account.logInSubmit')}
        </Link>
      </>
    );
  }
  return (
    <>
      <ErrorNotice error={error} />
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('pages.passwordReset')}>
        {link && <input type="text" name="username" autoComplete="username" value={link.email} readOnly hidden />}
        <TextField name="password" label="account.newPassword" type="password" autoComplete="new-password" hint="account.passwordHint" errors={error?.fieldErrors} required />
        <TextField name="password_confirmation" label="account.confirmNewPassword" type="password" autoComplete="new-password" errors={error?.fieldErrors} required />
        <SubmitButton busy={busy} label="account.resetSubmit" busyLabel="account.saving" />
      </form>
      {/* A refused link (forged, used, or expired) cannot be mended on this page: a new one can be asked for. */}
      {linkRefused && (
        <div className={styles.links}>
          <Link className={styles.link} href="/password-reset-request">
            {t('account.requestNewLink')}
          </Link>
        </div>
      )}
    </>
  );
}

export function ConfirmAccountDeletionView() {
  const link = useSignedLink();
  return (
    <AuthPage title="pages.confirmAccountDeletion">
      <AccountFormFlow.Scope input={{ mailedLink: link }}>
        <ConfirmDeletionForm link={link} />
      </AccountFormFlow.Scope>
    </AuthPage>
  );
}

function ConfirmDeletionForm({ link }: { link: SignedLink | null }) {
  const { t } = useTranslation();
  const { busy, done, error, linkIncomplete, submit } = useAccountForm();
  if (linkIncomplete) return <IncompleteLink newLink="/profile" label="account.requestNewDeletionLink" />;
  if (done) {
    return (
      <>
        <FormNotice tone="success">{t('account.deleteDone')}</FormNotice>
        <Link className={styles.link} href="/">
          {t('account.continueBrowsing')}
        </Link>
      </>
    );
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit({ kind: 'confirmAccountDeletion', link });
  };
  return (
    <>
      <p className={styles.lead}>{t('account.deleteLead', { email: link?.email ?? '' })}</p>
      <ErrorNotice error={error} />
      <form onSubmit={onSubmit} aria-label={t('pages.confirmAccountDeletion')}>
        <button type="submit" className={styles.dangerButton} disabled={busy} aria-busy={busy || undefined}>
          {t(busy ? 'account.deleting' : 'account.deleteConfirm')}
        </button>
      </form>
    </>
  );
}

/** A page opened from a mailed link that lacks a part: nothing to fill in, and where a new link is asked for. */
function IncompleteLink({ newLink, label }: { newLink: string; label: 'account.requestNewLink' | 'account.requestNewDeletionLink' }) {
  const { t } = useTranslation();
  return (
    <>
      <FormNotice tone="error">{t('account.linkIncomplete')}</FormNotice>
      <div className={styles.links}>
        <Link className={styles.link} href={newLink}>
          {t(label)}
        </Link>
      </div>
    </>
  );
}
