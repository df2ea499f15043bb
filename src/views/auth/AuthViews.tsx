import { placeholderView } from '../../components/PagePlaceholder';

export const LoginView = placeholderView('pages.login');
export const RegistrationView = placeholderView('pages.registration');
export const VerifyNoticeView = placeholderView('pages.verifyNotice');
export const VerifyEmailView = placeholderView('pages.verifyEmail');
export const PasswordResetRequestView = placeholderView('pages.passwordResetRequest');
export const PasswordResetView = placeholderView('pages.passwordReset');
export const ConfirmAccountDeletionView = placeholderView('pages.confirmAccountDeletion');
