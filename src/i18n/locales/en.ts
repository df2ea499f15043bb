/**
 * English, the default language and the reference locale: every other locale must have exactly these keys (the
 * `Messages` type below), and the texts SPEC.md quotes appear here verbatim. Placeholders use i18next's
 * `{{name}}` syntax; SPEC.md writes them `{name}`.
 */
export const en = {
  /** SPEC.md §5 'Messages shown' and the form rules around them. */
  validation: {
    firstNameRequired: 'Enter your first name',
    lastNameRequired: 'Enter your last name',
    emailRequired: 'Enter your Email',
    emailInvalid: 'A valid email address is required',
    passwordTooShort: 'The password is too short',
    passwordMismatch: 'The password and password confirmation do not match',
    passwordMismatchShort: "PASSWORDS DON'T MATCH",
    fieldRequired: 'Field is required',
    fieldTooShort: 'Field length must be greater than {{number}}',
    fieldTooLong: 'Field length must be less than {{number}}',
    acceptTerms: 'Please accept terms & conditions',
    notYetRegistered: 'You are not registered yet. Please accept the terms & conditions and click Register.',
    fillInput: 'Please fill in the input field',
    selectTag: 'Please select tag',
    clipTooLong: 'Your clip duration is longer than the end time',
    selectCard: 'Please select one of your saved cards or enter new one',
    promoInvalid: 'Promo code is invalid',
    promoWrong: 'Wrong promo code',
    // SPEC §5 names these as the reasons machines reject with; these are the words a viewer reads instead.
    selectTeam: 'Please select your team',
    selectProduct: 'Please select a pass or a package',
    loginForFavourites: 'Log in to save your favourites',
  },
  /** SPEC.md §6. */
  prompts: {
    loginToWatch: 'LOGIN TO WATCH',
    registerToWatch: 'REGISTER TO WATCH',
  },
  geo: {
    blocked: "We're sorry, but this content is not available in your region.",
  },
  passes: {
    basicPassSeason: 'Season 2023-24',
  },
  /** SPEC.md §8 user messages. */
  errors: {
    invalidCredentials: 'Invalid email or password. Please try again.',
    verificationFailed: 'Verification your email address failed.',
    alreadyVerified: 'Your email already verified.',
    somethingWentWrong: 'Something went wrong. Please try again or contact technical support',
    serviceUnavailable:
      'Apologies! Our service is currently experiencing technical difficulties. Please refresh the page',
    playerError: 'Oops! We are currently experiencing technical difficulties',
    undefinedError: 'Undefined error',
  },
  /**
   * SPEC.md §8 server messages, as shown to the viewer when the API answers with one of them. The classifier matches
   * the server's raw strings; these are what the viewer reads (so French viewers read French). 'request cancelled'
   * is not here: cancelled requests pass silently.
   */
  server: {
    emailTaken: 'The email address you have entered is already registered',
    wrongAuthData: 'Wrong auth data',
    alreadyLoggedIn: 'You are already logged in',
    verificationFailed: 'Verification failed',
    emailAlreadyVerified: 'Email already verified',
    userNotFound: 'User not found',
    resetKeyExpired: 'Reset password key expired',
    resetFailed: 'Reset password failed',
    wrongPromoCode: 'Wrong promo code',
    recaptchaRequired: 'Google recaptcha token required',
    recaptchaInvalid: 'Google recaptcha token is invalid or you look like a robot',
    // The server spells it 'No chanel or api key found'; the viewer reads it spelt correctly.
    noChannelOrApiKey: 'No channel or API key found',
    somethingWentWrong: 'Something went wrong',
  },
  notFound: {
    message: 'Hmm... Looks like we lose this page.',
    backHome: 'Back to home',
  },
  /** SPEC.md §9 policy texts. */
  policy: {
    allSalesFinal: 'All sales are final, with no refunds.',
    contactReview: 'Contact requests are reviewed within 5 business days.',
  },
  /** SPEC.md §3 labels. */
  subscriptionEvent: {
    created: 'New subscription',
    updated: 'Subscription Renewal',
  },
  renewal: {
    active: 'Auto-Renewal',
    cancelled: 'Auto-Renewal Cancelled',
  },
  subscriptionStatus: {
    active: 'Active',
    inactive: 'Inactive',
    canceled: 'Canceled',
    expired: 'Expired',
  },
  orderStatus: {
    paid: 'Paid',
    failed: 'Failed',
    active: 'Active',
    inactive: 'Inactive',
    refunded: 'Refunded',
  },
  transactionStatus: {
    created: 'Created',
    failed: 'Failed',
    paid: 'Paid',
    refunded: 'Refunded',
  },
  /** Labels used by src/format. */
  gender: {
    male: 'Men',
    female: 'Women',
  },
  price: {
    perMonth: '{{price}} / month',
    perYear: '{{price}} / year',
  },
  language: {
    label: 'Language',
  },
/** Page titles: the header of each route and the document title. */
  pages: {
    home: 'Home',
    schedule: 'Schedule',
    packages: 'Passes and packages',
    buy: 'Buy',
    selectPackage: 'Select a package',
    vodLibrary: 'Video library',
    vodItem: 'Video',
    watch: 'Watch',
    watchLibrary: 'Clip',
    share: 'Shared clip',
    login: 'Log in',
    registration: 'Register',
    verifyNotice: 'Check your email',
    verifyEmail: 'Verify your email',
    passwordResetRequest: 'Forgot your password',
    passwordReset: 'Choose a new password',
    confirmAccountDeletion: 'Delete your account',
    orders: 'My orders',
    transactions: 'My transactions',
    clips: 'My clips',
    profileEdit: 'Edit my profile',
    contacts: 'Contact us',
    faq: 'Frequently asked questions',
    simulate: 'Simulate',
    about: 'About',
    privacy: 'Privacy policy',
    terms: 'Terms and conditions',
    passes: 'Passes',
    notFound: 'Page not found',
  },
  /** The app shell: loader, reload screen, header, footer, global feedback. */
  shell: {
    loading: 'Loading the channel…',
    reload: 'Reload',
    reloadIn: 'Reload in {{seconds}} s',
    reloading: 'Getting a new key…',
    skipToContent: 'Skip to content',
    mainNav: 'Main',
    footerNav: 'Channel pages',
    logIn: 'Log in',
    register: 'Register',
    profile: 'My account',
    logOut: 'Log out',
    dismiss: 'Dismiss',
    close: 'Close',
    ok: 'OK',
    cancel: 'Cancel',
    throttled: 'Too many requests. Please wait {{seconds}} seconds and try again.',
    throttledNow: 'Too many requests. Please wait a moment and try again.',
    comingSoon: 'This page is on its way. Come back soon.',
    home: 'Back to home',
    notifications: 'Notifications',
    pageLoading: 'Loading the page…',
    menu: 'Menu',
    opensInNewTab: '(opens in a new tab)',
    dialog: 'Notice',
    retry: 'Try again',
  },
};

/** The shape every locale must have: the same sections and keys as English, every value a string. */
export type Messages = { [Section in keyof typeof en]: { [Key in keyof (typeof en)[Section]]: string } };

/** Every message key, as i18next addresses it: `section.key`. */
export type MessageKey = {
  [Section in keyof Messages]: `${Section & string}.${keyof Messages[Section] & string}`;
}[keyof Messages];
