import type { Messages } from './en';

/** Italian, loaded on demand as its own chunk. */
export const it: Messages = {
  validation: {
    firstNameRequired: 'Inserisci il tuo nome',
    lastNameRequired: 'Inserisci il tuo cognome',
    emailRequired: 'Inserisci il tuo indirizzo email',
    emailInvalid: 'È richiesto un indirizzo email valido',
    passwordTooShort: 'La password è troppo corta',
    passwordMismatch: 'La password e la conferma della password non corrispondono',
    passwordMismatchShort: 'LE PASSWORD NON CORRISPONDONO',
    fieldRequired: 'Campo obbligatorio',
    fieldTooShort: 'Il campo deve contenere più di {{number}} caratteri',
    fieldTooLong: 'Il campo deve contenere meno di {{number}} caratteri',
    acceptTerms: 'Accetta i termini e le condizioni',
    notYetRegistered: 'Non sei ancora registrato. Accetta i termini e le condizioni e fai clic su Registrati.',
    fillInput: 'Compila il campo',
    selectTag: 'Seleziona un tag',
    clipTooLong: "La durata della clip supera l'orario di fine",
    selectCard: 'Seleziona una delle tue carte salvate o inseriscine una nuova',
    promoInvalid: 'Il codice promozionale non è valido',
    promoWrong: 'Codice promozionale errato',
    selectTeam: 'Seleziona la tua squadra',
    selectProduct: 'Seleziona un pass o un pacchetto',
    loginForFavourites: 'Accedi per salvare i tuoi preferiti',
  },
  prompts: {
    loginToWatch: 'ACCEDI PER GUARDARE',
    registerToWatch: 'REGISTRATI PER GUARDARE',
  },
  geo: {
    blocked: 'Siamo spiacenti, ma questo contenuto non è disponibile nella tua area geografica.',
  },
  passes: {
    basicPassSeason: 'Stagione 2023-24',
  },
  errors: {
    invalidCredentials: 'Email o password non validi. Riprova.',
    verificationFailed: 'La verifica del tuo indirizzo email non è riuscita.',
    alreadyVerified: 'Il tuo indirizzo email è già verificato.',
    somethingWentWrong: "Si è verificato un errore. Riprova o contatta l'assistenza tecnica",
    serviceUnavailable:
      'Ci scusiamo! Il nostro servizio sta riscontrando difficoltà tecniche. Aggiorna la pagina',
    playerError: 'Ops! Stiamo riscontrando difficoltà tecniche',
    undefinedError: 'Errore sconosciuto',
  },
  server: {
    emailTaken: "L'indirizzo email inserito è già registrato",
    wrongAuthData: 'Dati di accesso errati',
    alreadyLoggedIn: "Hai già effettuato l'accesso",
    verificationFailed: 'Verifica non riuscita',
    emailAlreadyVerified: 'Email già verificata',
    userNotFound: 'Utente non trovato',
    resetKeyExpired: 'Il link per reimpostare la password è scaduto',
    resetFailed: 'Reimpostazione della password non riuscita',
    wrongPromoCode: 'Codice promozionale errato',
    recaptchaRequired: 'Token Google reCAPTCHA obbligatorio',
    recaptchaInvalid: 'Il token Google reCAPTCHA non è valido oppure sembri un robot',
    noChannelOrApiKey: 'Nessun canale o chiave API trovati',
    somethingWentWrong: 'Si è verificato un errore',
  },
  notFound: {
    message: 'Mmm... Sembra che abbiamo perso questa pagina.',
    backHome: 'Torna alla home',
  },
  policy: {
    allSalesFinal: 'Tutte le vendite sono definitive e non rimborsabili.',
    contactReview: 'Le richieste di contatto vengono esaminate entro 5 giorni lavorativi.',
  },
  subscriptionEvent: {
    created: 'Nuovo abbonamento',
    updated: "Rinnovo dell'abbonamento",
  },
  renewal: {
    active: 'Rinnovo automatico',
    cancelled: 'Rinnovo automatico annullato',
  },
  subscriptionStatus: {
    active: 'Attivo',
    inactive: 'Non attivo',
    canceled: 'Annullato',
    expired: 'Scaduto',
  },
  orderStatus: {
    paid: 'Pagato',
    failed: 'Non riuscito',
    active: 'Attivo',
    inactive: 'Non attivo',
    refunded: 'Rimborsato',
  },
  transactionStatus: {
    created: 'Creata',
    failed: 'Non riuscita',
    paid: 'Pagata',
    refunded: 'Rimborsata',
  },
  gender: {
    male: 'Maschile',
    female: 'Femminile',
  },
  price: {
    perMonth: '{{price}} / mese',
    perYear: '{{price}} / anno',
  },
  language: {
    label: 'Lingua',
  },
};
