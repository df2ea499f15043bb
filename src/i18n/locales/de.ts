import type { Messages } from './en';

/** German, loaded on demand as its own chunk. Addresses the viewer with "Sie". */
export const de: Messages = {
  validation: {
    firstNameRequired: 'Geben Sie Ihren Vornamen ein',
    lastNameRequired: 'Geben Sie Ihren Nachnamen ein',
    emailRequired: 'Geben Sie Ihre E-Mail-Adresse ein',
    emailInvalid: 'Eine gültige E-Mail-Adresse ist erforderlich',
    passwordTooShort: 'Das Passwort ist zu kurz',
    passwordMismatch: 'Passwort und Passwortbestätigung stimmen nicht überein',
    passwordMismatchShort: 'PASSWÖRTER STIMMEN NICHT ÜBEREIN',
    fieldRequired: 'Dieses Feld ist erforderlich',
    fieldTooShort: 'Die Eingabe muss länger als {{number}} Zeichen sein',
    fieldTooLong: 'Die Eingabe muss kürzer als {{number}} Zeichen sein',
    acceptTerms: 'Bitte akzeptieren Sie die Allgemeinen Geschäftsbedingungen',
    notYetRegistered:
      'Sie sind noch nicht registriert. Bitte akzeptieren Sie die Allgemeinen Geschäftsbedingungen und klicken Sie auf Registrieren.',
    fillInput: 'Bitte füllen Sie das Eingabefeld aus',
    selectTag: 'Bitte wählen Sie ein Tag aus',
    clipTooLong: 'Die Dauer Ihres Clips überschreitet die Endzeit',
    selectCard: 'Bitte wählen Sie eine Ihrer gespeicherten Karten aus oder geben Sie eine neue ein',
    promoInvalid: 'Der Aktionscode ist ungültig',
    promoWrong: 'Falscher Aktionscode',
    selectTeam: 'Bitte wählen Sie Ihr Team aus',
    selectProduct: 'Bitte wählen Sie einen Pass oder ein Paket aus',
    loginForFavourites: 'Melden Sie sich an, um Ihre Favoriten zu speichern',
  },
  prompts: {
    loginToWatch: 'ZUM ANSEHEN ANMELDEN',
    registerToWatch: 'ZUM ANSEHEN REGISTRIEREN',
  },
  geo: {
    blocked: 'Leider ist dieser Inhalt in Ihrer Region nicht verfügbar.',
  },
  passes: {
    basicPassSeason: 'Saison 2023/24',
  },
  errors: {
    invalidCredentials: 'Ungültige E-Mail-Adresse oder ungültiges Passwort. Bitte versuchen Sie es erneut.',
    verificationFailed: 'Die Bestätigung Ihrer E-Mail-Adresse ist fehlgeschlagen.',
    alreadyVerified: 'Ihre E-Mail-Adresse ist bereits bestätigt.',
    somethingWentWrong:
      'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut oder wenden Sie sich an den technischen Support',
    serviceUnavailable:
      'Entschuldigung! Bei unserem Dienst treten derzeit technische Probleme auf. Bitte laden Sie die Seite neu',
    playerError: 'Hoppla! Derzeit treten technische Probleme auf',
    undefinedError: 'Unbekannter Fehler',
  },
  server: {
    emailTaken: 'Die eingegebene E-Mail-Adresse ist bereits registriert',
    wrongAuthData: 'Falsche Anmeldedaten',
    alreadyLoggedIn: 'Sie sind bereits angemeldet',
    verificationFailed: 'Bestätigung fehlgeschlagen',
    emailAlreadyVerified: 'E-Mail-Adresse bereits bestätigt',
    userNotFound: 'Benutzer nicht gefunden',
    resetKeyExpired: 'Der Link zum Zurücksetzen des Passworts ist abgelaufen',
    resetFailed: 'Das Zurücksetzen des Passworts ist fehlgeschlagen',
    wrongPromoCode: 'Falscher Aktionscode',
    recaptchaRequired: 'Google-reCAPTCHA-Token erforderlich',
    recaptchaInvalid: 'Das Google-reCAPTCHA-Token ist ungültig, oder Sie wirken wie ein Roboter',
    noChannelOrApiKey: 'Kein Kanal und kein API-Schlüssel gefunden',
    somethingWentWrong: 'Etwas ist schiefgelaufen',
  },
  notFound: {
    message: 'Hmm... Diese Seite scheint verloren gegangen zu sein.',
    backHome: 'Zur Startseite',
  },
  policy: {
    allSalesFinal: 'Alle Käufe sind endgültig, eine Erstattung ist ausgeschlossen.',
    contactReview: 'Kontaktanfragen werden innerhalb von 5 Werktagen bearbeitet.',
  },
  subscriptionEvent: {
    created: 'Neues Abonnement',
    updated: 'Abonnementverlängerung',
  },
  renewal: {
    active: 'Automatische Verlängerung',
    cancelled: 'Automatische Verlängerung gekündigt',
  },
  subscriptionStatus: {
    active: 'Aktiv',
    inactive: 'Inaktiv',
    canceled: 'Gekündigt',
    expired: 'Abgelaufen',
  },
  orderStatus: {
    paid: 'Bezahlt',
    failed: 'Fehlgeschlagen',
    active: 'Aktiv',
    inactive: 'Inaktiv',
    refunded: 'Erstattet',
  },
  transactionStatus: {
    created: 'Erstellt',
    failed: 'Fehlgeschlagen',
    paid: 'Bezahlt',
    refunded: 'Erstattet',
  },
  gender: {
    male: 'Herren',
    female: 'Damen',
  },
  price: {
    perMonth: '{{price}} / Monat',
    perYear: '{{price}} / Jahr',
  },
  language: {
    label: 'Sprache',
  },
};
