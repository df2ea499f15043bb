import type { Messages } from './en';

/** French, bundled with English (SPEC.md §1). Written for Canadian viewers: "courriel", no space before ! and ?. */
export const fr: Messages = {
  validation: {
    firstNameRequired: 'Entrez votre prénom',
    lastNameRequired: 'Entrez votre nom de famille',
    emailRequired: 'Entrez votre adresse courriel',
    emailInvalid: 'Une adresse courriel valide est requise',
    passwordTooShort: 'Le mot de passe est trop court',
    passwordMismatch: 'Le mot de passe et sa confirmation ne correspondent pas',
    passwordMismatchShort: 'LES MOTS DE PASSE NE CORRESPONDENT PAS',
    fieldRequired: 'Ce champ est obligatoire',
    fieldTooShort: 'Le champ doit contenir plus de {{number}} caractères',
    fieldTooLong: 'Le champ doit contenir moins de {{number}} caractères',
    acceptTerms: 'Veuillez accepter les conditions générales',
    notYetRegistered:
      "Vous n'êtes pas encore inscrit. Veuillez accepter les conditions générales et cliquer sur S'inscrire.",
    fillInput: 'Veuillez remplir ce champ',
    selectTag: 'Veuillez choisir une étiquette',
    clipTooLong: "La durée de votre extrait dépasse l'heure de fin",
    selectCard: "Veuillez choisir l'une de vos cartes enregistrées ou en saisir une nouvelle",
    promoInvalid: "Le code promo n'est pas valide",
    promoWrong: 'Code promo erroné',
    selectTeam: 'Veuillez choisir votre équipe',
    selectProduct: 'Veuillez choisir une passe ou un forfait',
    loginForFavourites: 'Connectez-vous pour enregistrer vos favoris',
  },
  prompts: {
    loginToWatch: 'CONNECTEZ-VOUS POUR REGARDER',
    registerToWatch: 'INSCRIVEZ-VOUS POUR REGARDER',
  },
  geo: {
    blocked: "Nous sommes désolés, mais ce contenu n'est pas disponible dans votre région.",
  },
  passes: {
    basicPassSeason: 'Saison 2023-24',
  },
  errors: {
    invalidCredentials: 'Courriel ou mot de passe invalide. Veuillez réessayer.',
    verificationFailed: 'La vérification de votre adresse courriel a échoué.',
    alreadyVerified: 'Votre adresse courriel est déjà vérifiée.',
    somethingWentWrong: "Une erreur s'est produite. Veuillez réessayer ou contacter le soutien technique",
    serviceUnavailable:
      'Toutes nos excuses! Notre service connaît actuellement des difficultés techniques. Veuillez actualiser la page',
    playerError: 'Oups! Nous éprouvons actuellement des difficultés techniques',
    undefinedError: 'Erreur inconnue',
  },
  server: {
    emailTaken: "L'adresse courriel saisie est déjà enregistrée",
    wrongAuthData: "Données d'identification incorrectes",
    alreadyLoggedIn: 'Vous êtes déjà connecté',
    verificationFailed: 'La vérification a échoué',
    emailAlreadyVerified: 'Adresse courriel déjà vérifiée',
    userNotFound: 'Utilisateur introuvable',
    resetKeyExpired: 'Le lien de réinitialisation du mot de passe a expiré',
    resetFailed: 'La réinitialisation du mot de passe a échoué',
    wrongPromoCode: 'Code promo erroné',
    recaptchaRequired: 'Le jeton Google reCAPTCHA est requis',
    recaptchaInvalid: "Le jeton Google reCAPTCHA n'est pas valide, ou vous ressemblez à un robot",
    noChannelOrApiKey: "Aucune chaîne ni clé d'API trouvée",
    somethingWentWrong: "Une erreur s'est produite",
  },
  notFound: {
    message: 'Hum... On dirait que cette page est introuvable.',
    backHome: "Retour à l'accueil",
  },
  policy: {
    allSalesFinal: 'Toutes les ventes sont finales et non remboursables.',
    contactReview: 'Les demandes de contact sont traitées dans un délai de 5 jours ouvrables.',
  },
  subscriptionEvent: {
    created: 'Nouvel abonnement',
    updated: "Renouvellement de l'abonnement",
  },
  renewal: {
    active: 'Renouvellement automatique',
    cancelled: 'Renouvellement automatique annulé',
  },
  subscriptionStatus: {
    active: 'Actif',
    inactive: 'Inactif',
    canceled: 'Annulé',
    expired: 'Expiré',
  },
  orderStatus: {
    paid: 'Payée',
    failed: 'Échouée',
    active: 'Active',
    inactive: 'Inactive',
    refunded: 'Remboursée',
  },
  transactionStatus: {
    created: 'Créée',
    failed: 'Échouée',
    paid: 'Payée',
    refunded: 'Remboursée',
  },
  gender: {
    male: 'Hommes',
    female: 'Femmes',
  },
  price: {
    perMonth: '{{price}} / mois',
    perYear: '{{price}} / an',
  },
  language: {
    label: 'Langue',
  },
};
