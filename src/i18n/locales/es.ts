import type { Messages } from './en';

/** Spanish, loaded on demand as its own chunk. */
export const es: Messages = {
  validation: {
    firstNameRequired: 'Introduce tu nombre',
    lastNameRequired: 'Introduce tus apellidos',
    emailRequired: 'Introduce tu correo electrónico',
    emailInvalid: 'Se requiere una dirección de correo electrónico válida',
    passwordTooShort: 'La contraseña es demasiado corta',
    passwordMismatch: 'La contraseña y su confirmación no coinciden',
    passwordMismatchShort: 'LAS CONTRASEÑAS NO COINCIDEN',
    fieldRequired: 'Este campo es obligatorio',
    fieldTooShort: 'El campo debe tener más de {{number}} caracteres',
    fieldTooLong: 'El campo debe tener menos de {{number}} caracteres',
    acceptTerms: 'Acepta los términos y condiciones',
    notYetRegistered: 'Aún no te has registrado. Acepta los términos y condiciones y haz clic en Registrarse.',
    fillInput: 'Rellena este campo',
    selectTag: 'Selecciona una etiqueta',
    clipTooLong: 'La duración de tu clip supera la hora de finalización',
    selectCard: 'Selecciona una de tus tarjetas guardadas o introduce una nueva',
    promoInvalid: 'El código promocional no es válido',
    promoWrong: 'Código promocional incorrecto',
    selectTeam: 'Selecciona tu equipo',
    selectProduct: 'Selecciona un pase o un paquete',
    loginForFavourites: 'Inicia sesión para guardar tus favoritos',
  },
  prompts: {
    loginToWatch: 'INICIA SESIÓN PARA VER',
    registerToWatch: 'REGÍSTRATE PARA VER',
  },
  geo: {
    blocked: 'Lo sentimos, pero este contenido no está disponible en tu región.',
  },
  passes: {
    basicPassSeason: 'Temporada 2023-24',
  },
  errors: {
    invalidCredentials: 'Correo electrónico o contraseña no válidos. Inténtalo de nuevo.',
    verificationFailed: 'No se ha podido verificar tu dirección de correo electrónico.',
    alreadyVerified: 'Tu correo electrónico ya está verificado.',
    somethingWentWrong: 'Algo ha salido mal. Inténtalo de nuevo o ponte en contacto con el soporte técnico',
    serviceUnavailable:
      '¡Lo sentimos! Nuestro servicio está experimentando dificultades técnicas. Actualiza la página',
    playerError: '¡Vaya! Estamos experimentando dificultades técnicas',
    undefinedError: 'Error desconocido',
  },
  server: {
    emailTaken: 'La dirección de correo electrónico que has introducido ya está registrada',
    wrongAuthData: 'Datos de acceso incorrectos',
    alreadyLoggedIn: 'Ya has iniciado sesión',
    verificationFailed: 'La verificación ha fallado',
    emailAlreadyVerified: 'El correo electrónico ya está verificado',
    userNotFound: 'Usuario no encontrado',
    resetKeyExpired: 'El enlace para restablecer la contraseña ha caducado',
    resetFailed: 'No se ha podido restablecer la contraseña',
    wrongPromoCode: 'Código promocional incorrecto',
    recaptchaRequired: 'Se requiere el token de Google reCAPTCHA',
    recaptchaInvalid: 'El token de Google reCAPTCHA no es válido o pareces un robot',
    noChannelOrApiKey: 'No se ha encontrado ningún canal ni clave de API',
    somethingWentWrong: 'Algo ha salido mal',
  },
  notFound: {
    message: 'Mmm... Parece que hemos perdido esta página.',
    backHome: 'Volver al inicio',
  },
  policy: {
    allSalesFinal: 'Todas las ventas son definitivas y no admiten reembolso.',
    contactReview: 'Las solicitudes de contacto se revisan en un plazo de 5 días hábiles.',
  },
  subscriptionEvent: {
    created: 'Nueva suscripción',
    updated: 'Renovación de la suscripción',
  },
  renewal: {
    active: 'Renovación automática',
    cancelled: 'Renovación automática cancelada',
  },
  subscriptionStatus: {
    active: 'Activa',
    inactive: 'Inactiva',
    canceled: 'Cancelada',
    expired: 'Caducada',
  },
  orderStatus: {
    paid: 'Pagado',
    failed: 'Fallido',
    active: 'Activo',
    inactive: 'Inactivo',
    refunded: 'Reembolsado',
  },
  transactionStatus: {
    created: 'Creada',
    failed: 'Fallida',
    paid: 'Pagada',
    refunded: 'Reembolsada',
  },
  gender: {
    male: 'Masculino',
    female: 'Femenino',
  },
  price: {
    perMonth: '{{price}} / mes',
    perYear: '{{price}} / año',
  },
  language: {
    label: 'Idioma',
  },
};
