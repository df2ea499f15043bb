import type { Messages } from './en';

/** Portuguese (European usage: "palavra-passe", "equipa"), loaded on demand as its own chunk. */
export const pt: Messages = {
  validation: {
    firstNameRequired: 'Introduza o seu nome próprio',
    lastNameRequired: 'Introduza o seu apelido',
    emailRequired: 'Introduza o seu e-mail',
    emailInvalid: 'É necessário um endereço de e-mail válido',
    passwordTooShort: 'A palavra-passe é demasiado curta',
    passwordMismatch: 'A palavra-passe e a confirmação da palavra-passe não coincidem',
    passwordMismatchShort: 'AS PALAVRAS-PASSE NÃO COINCIDEM',
    fieldRequired: 'Campo obrigatório',
    fieldTooShort: 'O campo deve ter mais de {{number}} caracteres',
    fieldTooLong: 'O campo deve ter menos de {{number}} caracteres',
    acceptTerms: 'Aceite os termos e condições',
    notYetRegistered: 'Ainda não está registado. Aceite os termos e condições e clique em Registar.',
    fillInput: 'Preencha o campo',
    selectTag: 'Selecione uma etiqueta',
    clipTooLong: 'A duração do seu clipe ultrapassa a hora de fim',
    selectCard: 'Selecione um dos seus cartões guardados ou introduza um novo',
    promoInvalid: 'O código promocional é inválido',
    promoWrong: 'Código promocional incorreto',
    selectTeam: 'Selecione a sua equipa',
    selectProduct: 'Selecione um passe ou um pacote',
    loginForFavourites: 'Inicie sessão para guardar os seus favoritos',
  },
  prompts: {
    loginToWatch: 'INICIE SESSÃO PARA VER',
    registerToWatch: 'REGISTE-SE PARA VER',
  },
  geo: {
    blocked: 'Lamentamos, mas este conteúdo não está disponível na sua região.',
  },
  passes: {
    basicPassSeason: 'Época 2023-24',
  },
  errors: {
    invalidCredentials: 'E-mail ou palavra-passe inválidos. Tente novamente.',
    verificationFailed: 'A verificação do seu endereço de e-mail falhou.',
    alreadyVerified: 'O seu e-mail já está verificado.',
    somethingWentWrong: 'Algo correu mal. Tente novamente ou contacte o suporte técnico',
    serviceUnavailable:
      'Pedimos desculpa! O nosso serviço está com dificuldades técnicas. Atualize a página',
    playerError: 'Ups! Estamos com dificuldades técnicas',
    undefinedError: 'Erro desconhecido',
  },
  server: {
    emailTaken: 'O endereço de e-mail introduzido já está registado',
    wrongAuthData: 'Dados de acesso incorretos',
    alreadyLoggedIn: 'Já tem sessão iniciada',
    verificationFailed: 'A verificação falhou',
    emailAlreadyVerified: 'E-mail já verificado',
    userNotFound: 'Utilizador não encontrado',
    resetKeyExpired: 'A ligação para redefinir a palavra-passe expirou',
    resetFailed: 'Não foi possível redefinir a palavra-passe',
    wrongPromoCode: 'Código promocional incorreto',
    recaptchaRequired: 'É necessário o token do Google reCAPTCHA',
    recaptchaInvalid: 'O token do Google reCAPTCHA é inválido ou parece um robô',
    noChannelOrApiKey: 'Nenhum canal ou chave de API encontrados',
    somethingWentWrong: 'Algo correu mal',
  },
  notFound: {
    message: 'Hum... Parece que perdemos esta página.',
    backHome: 'Voltar ao início',
  },
  policy: {
    allSalesFinal: 'Todas as vendas são finais e não reembolsáveis.',
    contactReview: 'Os pedidos de contacto são analisados no prazo de 5 dias úteis.',
  },
  subscriptionEvent: {
    created: 'Nova subscrição',
    updated: 'Renovação da subscrição',
  },
  renewal: {
    active: 'Renovação automática',
    cancelled: 'Renovação automática cancelada',
  },
  subscriptionStatus: {
    active: 'Ativa',
    inactive: 'Inativa',
    canceled: 'Cancelada',
    expired: 'Expirada',
  },
  orderStatus: {
    paid: 'Pago',
    failed: 'Falhado',
    active: 'Ativo',
    inactive: 'Inativo',
    refunded: 'Reembolsado',
  },
  transactionStatus: {
    created: 'Criada',
    failed: 'Falhada',
    paid: 'Paga',
    refunded: 'Reembolsada',
  },
  gender: {
    male: 'Masculino',
    female: 'Feminino',
  },
  price: {
    perMonth: '{{price}} / mês',
    perYear: '{{price}} / ano',
  },
  language: {
    label: 'Idioma',
  },
};
