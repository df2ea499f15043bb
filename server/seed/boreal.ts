import type { ChannelSeed } from './types';

/** Channel B: Quebec and eastern Canadian university sports, in French, priced in CAD. */
export const boreal: ChannelSeed = {
  idBase: 1000,
  alias: 'boreal',
  name: 'Réseau Sport Boréal',
  channelKey: 'boreal-demo-channel-key',
  language: 'fr',
  currency: 'CAD',
  countryCode: 'CA',
  domains: ['boreal.localhost'],
  blockedCountries: [],
  tagManagerId: 'GTM-BOREAL1',
  productAnalyticsKey: 'boreal-analytics-key',
  prerollTimeoutMs: 1_800_000,
  colors: {
    header_background: '#0f3d3e',
    header_text_color: '#f1faee',
    body_background: '#10201f',
    body_text_color: '#e6f2ef',
    footer_background: '#081413',
    footer_text_color: '#a8d5cc',
    primary_color: '#2bb3a3',
    secondary_color: '#7b5ea7',
    accent_color: '#e63946',
    button_text_color: '#0b1d1e',
  },

  groups: [
    {
      alias: 'universite-du-fleuve',
      name: 'Université du Fleuve',
      properties: { state: ['QC'], division: ['Division 1'], league: ['Conférence du Saint-Laurent'] },
    },
    {
      alias: 'universite-de-val-boreal',
      name: 'Université de Val-Boréal',
      properties: { state: ['QC'], division: ['Division 1'], league: ['Conférence du Saint-Laurent'] },
    },
    {
      alias: 'riviere-des-pins-university',
      name: 'Rivière-des-Pins University',
      properties: { state: ['ON'], division: ['Division 1'], league: ['Conférence Atlantique-Ontario'] },
    },
    {
      alias: 'universite-acadie-maritime',
      name: "Université de l'Acadie-Maritime",
      properties: { state: ['NB'], division: ['Division 2'], league: ['Conférence Atlantique-Ontario'] },
    },
  ],

  teams: [
    { alias: 'fleuve-harfangs-hockey-masculin', group: 'universite-du-fleuve', name: "Harfangs de l'Université du Fleuve", shortName: 'Harfangs', color: '#1d3557', gender: 'male', sport: 'hockey' },
    { alias: 'fleuve-harfangs-hockey-feminin', group: 'universite-du-fleuve', name: "Harfangs de l'Université du Fleuve – hockey féminin", shortName: 'UDF', color: '#457b9d', gender: 'female', sport: 'hockey' },
    { alias: 'fleuve-harfangs-basketball-masculin', group: 'universite-du-fleuve', name: "Harfangs de l'Université du Fleuve – basketball masculin", shortName: 'Harfangs', color: '#1d3557', gender: 'male', sport: 'basketball' },
    { alias: 'fleuve-harfangs-volleyball', group: 'universite-du-fleuve', name: "Harfangs de l'Université du Fleuve – volleyball féminin", shortName: 'Harfangs', color: '#457b9d', gender: 'female', sport: 'volleyball' },
    { alias: 'val-boreal-lynx-hockey-masculin', group: 'universite-de-val-boreal', name: "Lynx de l'Université de Val-Boréal", shortName: 'Lynx', color: '#386641', gender: 'male', sport: 'hockey' },
    { alias: 'val-boreal-lynx-hockey-feminin', group: 'universite-de-val-boreal', name: "Lynx de l'Université de Val-Boréal – hockey féminin", shortName: 'UVB', color: '#6a994e', gender: 'female', sport: 'hockey' },
    { alias: 'val-boreal-lynx-basketball-feminin', group: 'universite-de-val-boreal', name: "Lynx de l'Université de Val-Boréal – basketball féminin", shortName: 'Lynx', color: '#6a994e', gender: 'female', sport: 'basketball' },
    { alias: 'val-boreal-lynx-rugby', group: 'universite-de-val-boreal', name: "Lynx de l'Université de Val-Boréal – rugby féminin", shortName: 'Lynx', color: '#6a994e', gender: 'female', sport: 'rugby' },
    { alias: 'riviere-des-pins-voyageurs-hockey', group: 'riviere-des-pins-university', name: 'Rivière-des-Pins University Voyageurs', shortName: 'Voyageurs', color: '#9d0208', gender: 'male', sport: 'hockey' },
    { alias: 'riviere-des-pins-voyageurs-basketball', group: 'riviere-des-pins-university', name: 'Rivière-des-Pins University Voyageurs Basketball', shortName: 'Voyageurs', color: '#9d0208', gender: 'male', sport: 'basketball' },
    { alias: 'riviere-des-pins-voyageurs-volleyball', group: 'riviere-des-pins-university', name: "Rivière-des-Pins University Voyageurs Women's Volleyball", shortName: 'URP', color: '#bc4749', gender: 'female', sport: 'volleyball' },
    { alias: 'riviere-des-pins-voyageurs-soccer', group: 'riviere-des-pins-university', name: "Rivière-des-Pins University Voyageurs Women's Soccer", shortName: 'Voyageurs', color: '#bc4749', gender: 'female', sport: 'soccer' },
    { alias: 'acadie-goelands-hockey-masculin', group: 'universite-acadie-maritime', name: "Goélands de l'Université de l'Acadie-Maritime", shortName: 'Goélands', color: '#e76f51', gender: 'male', sport: 'hockey' },
    { alias: 'acadie-goelands-basketball-feminin', group: 'universite-acadie-maritime', name: "Goélands de l'Université de l'Acadie-Maritime – basketball féminin", shortName: 'Goélands', color: '#f4a261', gender: 'female', sport: 'basketball' },
    { alias: 'acadie-goelands-rugby', group: 'universite-acadie-maritime', name: "Goélands de l'Université de l'Acadie-Maritime – rugby féminin", shortName: 'UAM', color: '#f4a261', gender: 'female', sport: 'rugby' },
    { alias: 'acadie-goelands-soccer', group: 'universite-acadie-maritime', name: "Goélands de l'Université de l'Acadie-Maritime – soccer féminin", shortName: 'Goélands', color: '#f4a261', gender: 'female', sport: 'soccer' },
  ],

  categories: [
    {
      alias: 'hockey',
      name: 'Hockey',
      children: [
        { alias: 'hockey-masculin', name: 'Hockey masculin' },
        { alias: 'hockey-feminin', name: 'Hockey féminin' },
      ],
    },
    {
      alias: 'basketball',
      name: 'Basketball',
      children: [
        { alias: 'basketball-masculin', name: 'Basketball masculin' },
        { alias: 'basketball-feminin', name: 'Basketball féminin' },
      ],
    },
    { alias: 'volleyball', name: 'Volleyball' },
    { alias: 'soccer', name: 'Soccer' },
    { alias: 'rugby', name: 'Rugby' },
  ],

  locations: [
    { key: 'fleuve', name: 'Complexe sportif du Fleuve', city: 'Québec', state: 'QC', country: 'CA', timeZone: 'America/Toronto' },
    { key: 'riviere-des-pins', name: 'Centre sportif de Rivière-des-Pins', city: 'Ottawa', state: 'ON', country: 'CA', timeZone: 'America/Toronto' },
    { key: 'acadie', name: "Colisée de l'Acadie", city: 'Moncton', state: 'NB', country: 'CA', timeZone: 'America/Moncton' },
  ],

  gameDescriptions: [
    'Match de {categoryLower} : {awaySchool} contre {homeSchool}. Avant-match en direct 30 minutes avant le début de la rencontre. Lieu : {venue}, {city}.',
    'Duel de conférence : {away} contre {home}, avec description et analyse par l’équipe de Boréal. Lieu : {venue} ({city}).',
    '{homeSchool} accueille {awaySchool} ({categoryLower}). Présentation en direct, puis faits saillants dans la vidéothèque. Lieu : {venue}, {city}.',
  ],

  events: [
    // Terminés : les 30 derniers jours.
    { key: 'f1', home: 'fleuve-harfangs-hockey-masculin', away: 'val-boreal-lynx-hockey-masculin', category: 'hockey-masculin', location: 'fleuve', start: { hoursFromNow: -690 }, durationMinutes: 180, paid: { basePrice: 1299, serviceFee: 130 } },
    { key: 'f2', home: 'acadie-goelands-basketball-feminin', away: 'val-boreal-lynx-basketball-feminin', category: 'basketball-feminin', location: 'acadie', start: { hoursFromNow: -640 }, durationMinutes: 150 },
    { key: 'f3', home: 'riviere-des-pins-voyageurs-volleyball', away: 'fleuve-harfangs-volleyball', category: 'volleyball', location: 'riviere-des-pins', start: { hoursFromNow: -575 }, durationMinutes: 150, paid: { basePrice: 799, serviceFee: 80 } },
    { key: 'f4', home: 'val-boreal-lynx-rugby', away: 'acadie-goelands-rugby', category: 'rugby', location: 'fleuve', start: { hoursFromNow: -510 }, durationMinutes: 120 },
    { key: 'f5', home: 'val-boreal-lynx-hockey-feminin', away: 'fleuve-harfangs-hockey-feminin', category: 'hockey-feminin', location: 'fleuve', start: { hoursFromNow: -455 }, durationMinutes: 180, paid: { basePrice: 1299, serviceFee: 130 } },
    { key: 'f6', home: 'riviere-des-pins-voyageurs-basketball', away: 'fleuve-harfangs-basketball-masculin', category: 'basketball-masculin', location: 'riviere-des-pins', start: { hoursFromNow: -380 }, durationMinutes: 150, paid: { basePrice: 1299, serviceFee: 130 } },
    { key: 'f7', home: 'acadie-goelands-soccer', away: 'riviere-des-pins-voyageurs-soccer', category: 'soccer', location: 'acadie', start: { hoursFromNow: -315 }, durationMinutes: 120 },
    { key: 'f8', home: 'riviere-des-pins-voyageurs-hockey', away: 'acadie-goelands-hockey-masculin', category: 'hockey-masculin', location: 'riviere-des-pins', start: { hoursFromNow: -240 }, durationMinutes: 180, paid: { basePrice: 1299, serviceFee: 130 } },
    {
      key: 'f9',
      title: 'Journée des médias de la conférence',
      category: 'hockey-masculin',
      location: 'fleuve',
      start: { hoursFromNow: -190 },
      durationMinutes: 180,
      description:
        'Les entraîneurs et les capitaines de la Conférence du Saint-Laurent présentent la saison à venir et répondent aux questions des journalistes.',
    },
    { key: 'f10', home: 'val-boreal-lynx-hockey-masculin', away: 'riviere-des-pins-voyageurs-hockey', category: 'hockey-masculin', location: 'fleuve', start: { hoursFromNow: -140 }, durationMinutes: 180, paid: { basePrice: 1999, serviceFee: 200 } },
    { key: 'f11', home: 'val-boreal-lynx-basketball-feminin', away: 'acadie-goelands-basketball-feminin', category: 'basketball-feminin', location: 'fleuve', start: { hoursFromNow: -52 }, durationMinutes: 150 },
    { key: 'f12', home: 'fleuve-harfangs-volleyball', away: 'riviere-des-pins-voyageurs-volleyball', category: 'volleyball', location: 'fleuve', start: { hoursFromNow: -9 }, durationMinutes: 150, paid: { basePrice: 799, serviceFee: 80 } },

    // En direct : fenêtres de 3 à 6 heures.
    { home: 'acadie-goelands-hockey-masculin', away: 'fleuve-harfangs-hockey-masculin', category: 'hockey-masculin', location: 'acadie', start: { liveSinceMinutes: 20 }, durationMinutes: 180, paid: { basePrice: 1299, serviceFee: 130 } },
    { home: 'fleuve-harfangs-hockey-feminin', away: 'val-boreal-lynx-hockey-feminin', category: 'hockey-feminin', location: 'fleuve', start: { liveSinceMinutes: 45 }, durationMinutes: 200, paid: { basePrice: 1299, serviceFee: 130 } },
    { home: 'val-boreal-lynx-rugby', away: 'acadie-goelands-rugby', category: 'rugby', location: 'fleuve', start: { liveSinceMinutes: 60 }, durationMinutes: 240 },
    { home: 'fleuve-harfangs-basketball-masculin', away: 'riviere-des-pins-voyageurs-basketball', category: 'basketball-masculin', location: 'fleuve', start: { liveSinceMinutes: 100 }, durationMinutes: 300, paid: { basePrice: 1299, serviceFee: 130 } },
    {
      home: 'riviere-des-pins-voyageurs-hockey',
      title: 'Match intra-équipe des Voyageurs',
      category: 'hockey-masculin',
      location: 'riviere-des-pins',
      start: { liveSinceMinutes: 140 },
      durationMinutes: 330,
      description:
        'Les Voyageurs de Rivière-des-Pins s’affrontent entre eux, Rouges contre Blancs, avant l’ouverture de la saison. Séance d’autographes après le match.',
    },

    // À venir : les 21 prochains jours.
    { home: 'riviere-des-pins-voyageurs-soccer', away: 'acadie-goelands-soccer', category: 'soccer', location: 'riviere-des-pins', start: { hoursFromNow: 2 }, durationMinutes: 120 },
    { home: 'fleuve-harfangs-hockey-masculin', away: 'riviere-des-pins-voyageurs-hockey', category: 'hockey-masculin', location: 'fleuve', start: { hoursFromNow: 22 }, durationMinutes: 180, paid: { basePrice: 1299, serviceFee: 130 } },
    { home: 'val-boreal-lynx-basketball-feminin', away: 'acadie-goelands-basketball-feminin', category: 'basketball-feminin', location: 'fleuve', start: { hoursFromNow: 46 }, durationMinutes: 150 },
    { home: 'fleuve-harfangs-volleyball', away: 'riviere-des-pins-voyageurs-volleyball', category: 'volleyball', location: 'fleuve', start: { hoursFromNow: 70 }, durationMinutes: 150, paid: { basePrice: 799, serviceFee: 80 } },
    { home: 'val-boreal-lynx-hockey-masculin', away: 'acadie-goelands-hockey-masculin', category: 'hockey-masculin', location: 'fleuve', start: { hoursFromNow: 94 }, durationMinutes: 180, paid: { basePrice: 1299, serviceFee: 130 } },
    { home: 'acadie-goelands-rugby', away: 'val-boreal-lynx-rugby', category: 'rugby', location: 'acadie', start: { hoursFromNow: 140 }, durationMinutes: 120 },
    { home: 'riviere-des-pins-voyageurs-basketball', away: 'fleuve-harfangs-basketball-masculin', category: 'basketball-masculin', location: 'riviere-des-pins', start: { hoursFromNow: 166 }, durationMinutes: 150, paid: { basePrice: 1299, serviceFee: 130 } },
    { home: 'val-boreal-lynx-hockey-feminin', away: 'fleuve-harfangs-hockey-feminin', category: 'hockey-feminin', location: 'fleuve', start: { hoursFromNow: 214 }, durationMinutes: 180, paid: { basePrice: 1299, serviceFee: 130 } },
    {
      title: 'Gala d’excellence sportive Boréal',
      category: 'hockey-feminin',
      location: 'riviere-des-pins',
      start: { hoursFromNow: 262 },
      durationMinutes: 150,
      description:
        'Le réseau couronne les athlètes, entraîneuses et entraîneurs de l’année de ses quatre universités, en direct d’Ottawa.',
    },
    { home: 'acadie-goelands-soccer', away: 'riviere-des-pins-voyageurs-soccer', category: 'soccer', location: 'acadie', start: { hoursFromNow: 310 }, durationMinutes: 120 },
    { home: 'riviere-des-pins-voyageurs-hockey', away: 'val-boreal-lynx-hockey-masculin', category: 'hockey-masculin', location: 'riviere-des-pins', start: { hoursFromNow: 358 }, durationMinutes: 180, paid: { basePrice: 1999, serviceFee: 200 } },
    { home: 'acadie-goelands-basketball-feminin', away: 'val-boreal-lynx-basketball-feminin', category: 'basketball-feminin', location: 'acadie', start: { hoursFromNow: 430 }, durationMinutes: 150 },
    { home: 'acadie-goelands-hockey-masculin', away: 'riviere-des-pins-voyageurs-hockey', category: 'hockey-masculin', location: 'acadie', start: { hoursFromNow: 500 }, durationMinutes: 180, paid: { basePrice: 1299, serviceFee: 130 } },
  ],

  menu: [
    { title: 'Accueil', url: '/' },
    { title: 'Horaire', url: '/upcoming' },
    { title: 'Vidéothèque', url: '/vod_library' },
    { title: 'Laissez-passer', url: '/packages' },
    { title: 'FAQ', url: '/faq' },
    { title: 'À propos du réseau', url: '/a-propos-du-reseau' },
    { title: 'Conférence du Saint-Laurent', url: 'https://conference-saint-laurent.example.org', external: true },
  ],

  pages: [
    {
      name: 'À propos du réseau',
      alias: 'a-propos-du-reseau',
      url: '/a-propos-du-reseau',
      altName: 'À propos de Réseau Sport Boréal',
      content: [
        '<h2>Le sport universitaire, d’un océan à l’autre… ou presque</h2>',
        '<p>Réseau Sport Boréal diffuse chaque saison plus de 300 rencontres universitaires du Québec, de l’Ontario et du Nouveau-Brunswick : hockey, basketball, volleyball, soccer et rugby.</p>',
        '<p>Nos productions sont réalisées par des équipes étudiantes encadrées par des professionnels de la télévision. La relève des médias sportifs se forme ici, match après match.</p>',
        '<p>Regardez les matchs en direct, revoyez les faits saillants dans la vidéothèque et suivez vos universités favorites pour ne rien manquer.</p>',
      ].join('\n'),
    },
    {
      name: 'Partenaires de diffusion',
      alias: 'partenaires-de-diffusion',
      url: '/partenaires-de-diffusion',
      altName: 'Nos partenaires de diffusion',
      content: [
        '<h2>Nos partenaires de diffusion</h2>',
        '<p>Boréal collabore avec les radios étudiantes de Québec, d’Ottawa et de Moncton, dont les descripteurs accompagnent nos images.</p>',
        '<p>Certains matchs de hockey sont aussi présentés à la télévision communautaire. Sur Boréal, la diffusion reste sans publicité pour les abonnés admissibles.</p>',
        '<p>Les établissements qui souhaitent se joindre au réseau peuvent écrire à notre équipe des partenariats par la page de contact.</p>',
      ].join('\n'),
    },
    {
      name: 'Accessibilité',
      alias: 'accessibilite',
      url: '/accessibilite',
      altName: 'Déclaration d’accessibilité',
      content: [
        '<h2>Déclaration d’accessibilité</h2>',
        '<p>Les diffusions en direct offrent le sous-titrage de la description en français, et le lecteur se contrôle entièrement au clavier.</p>',
        '<p>Nos pages visent la conformité aux règles WCAG 2.1 de niveau AA ; les contrastes et les tailles de texte sont vérifiés à chaque mise à jour.</p>',
        '<p>Un obstacle vous empêche de profiter du site ? Écrivez-nous par la page de contact. Les demandes de contact sont traitées dans un délai de 5 jours ouvrables.</p>',
      ].join('\n'),
    },
    {
      name: 'À propos',
      alias: 'about',
      url: '/about',
      altName: 'À propos de Réseau Sport Boréal',
      content: [
        '<h2>Toutes les universités, tous les sports, un seul réseau</h2>',
        '<p>Réseau Sport Boréal est le diffuseur en continu de la <strong>Conférence du Saint-Laurent</strong> et de la <strong>Conférence Atlantique-Ontario</strong>. Nous présentons le hockey, le basketball, le volleyball, le soccer et le rugby de l’Université du Fleuve, de l’Université de Val-Boréal, de Rivière-des-Pins University et de l’Université de l’Acadie-Maritime, en direct et en reprise.</p>',
        '<p>Nos matchs sont captés au Complexe sportif du Fleuve à Québec, au Centre sportif de Rivière-des-Pins à Ottawa et au Colisée de l’Acadie à Moncton. Des équipes étudiantes s’occupent des caméras et du graphisme aux côtés de nos réalisateurs, et les descripteurs des radios étudiantes font vivre chaque jeu.</p>',
        '<p>Les matchs gratuits sont ouverts à tous avec un compte gratuit. Pour le reste, choisissez la formule qui vous convient : un match à l’unité, une passe saison ou d’équipe, ou un abonnement Accès illimité. Chaque match offert en direct reste disponible en reprise dans la <a href="/vod_library">vidéothèque</a>, avec les faits saillants, les entrevues et les reportages.</p>',
        '<p>Ajoutez vos universités et vos équipes à vos favoris pour voir leurs matchs en premier, créez et partagez des extraits des grands moments, et joignez notre équipe de soutien en tout temps par la <a href="/contacts">page de contact</a>.</p>',
      ].join('\n'),
    },
    {
      name: 'Politique de confidentialité',
      alias: 'privacy_policy',
      url: '/privacy_policy',
      altName: 'Politique de confidentialité de Réseau Sport Boréal',
      content: [
        '<p><em>Dernière mise à jour : 2 février 2026</em></p>',
        '<p>Cette politique explique quels renseignements Réseau Sport Boréal recueille lorsque vous utilisez notre site, pourquoi nous les recueillons et quels choix s’offrent à vous.</p>',
        '<h2>Renseignements recueillis</h2>',
        '<ul>',
        '<li><strong>Votre compte :</strong> vos nom et prénom, votre adresse courriel et votre mot de passe (conservé uniquement sous forme hachée), le laissez-passer de base choisi, votre préférence pour l’infolettre ainsi que vos équipes, universités et sports favoris.</li>',
        '<li><strong>Vos achats :</strong> les laissez-passer, matchs et abonnements achetés, leurs montants et leurs dates, et les codes promotionnels utilisés. Les paiements par carte sont traités par Stripe. Votre numéro de carte est transmis directement à Stripe et n’est jamais conservé par nous ; nous gardons seulement le type de carte, ses quatre derniers chiffres et sa date d’expiration pour que vous puissiez reconnaître une carte enregistrée.</li>',
        '<li><strong>Données de visionnement et statistiques :</strong> les pages consultées, les matchs et extraits regardés et la durée de visionnement, le type d’appareil, le navigateur, la résolution de l’écran et l’adresse IP. Ces données sont regroupées sous un identifiant de session valable 24 heures.</li>',
        '<li><strong>Extraits :</strong> les extraits que vous créez à partir des matchs, avec leurs titres et leurs mots-clés.</li>',
        '<li><strong>Témoins et stockage local :</strong> votre navigateur conserve votre connexion, votre langue et vos préférences de lecture pour vous éviter de les saisir de nouveau. Ces valeurs sont gardées environ 360 jours, à moins que vous ne les effaciez.</li>',
        '</ul>',
        '<h2>Utilisation des renseignements</h2>',
        '<ul>',
        '<li>Gérer votre compte et vous donner accès aux matchs, laissez-passer et abonnements auxquels vous avez droit.</li>',
        '<li>Traiter les paiements, renouveler les abonnements que vous n’avez pas annulés et envoyer les reçus.</li>',
        '<li>Respecter les droits de diffusion, qui peuvent dépendre du pays d’où vous regardez.</li>',
        '<li>Comprendre quels matchs et quelles fonctions sont utilisés, corriger les problèmes et améliorer la qualité de la diffusion.</li>',
        '<li>Envoyer les rappels de match et l’infolettre hebdomadaire, seulement si vous les avez demandés.</li>',
        '</ul>',
        '<h2>Communication à des tiers</h2>',
        '<p>Nous ne vendons pas vos renseignements personnels. Nous les communiquons uniquement aux fournisseurs qui nous aident à exploiter Boréal (Stripe pour les paiements, nos fournisseurs de diffusion vidéo et de statistiques), selon des contrats qui encadrent leur utilisation, ainsi qu’aux autorités lorsque la loi l’exige. Un extrait que vous partagez peut être regardé par toute personne qui en a le lien.</p>',
        '<h2>Vos droits</h2>',
        '<ul>',
        '<li>Vous pouvez consulter et corriger vos nom, adresse courriel et mot de passe à la page <a href="/profile/edit">Modifier mon profil</a>.</li>',
        '<li>Vous pouvez supprimer votre compte à partir de cette même page. La suppression efface votre profil, vos commandes, vos extraits et vos favoris, et elle est irréversible. Nous conservons seulement les registres de paiement exigés par la loi.</li>',
        '<li>Vous pouvez effacer les témoins et le stockage local dans les réglages de votre navigateur en tout temps.</li>',
        '<li>Vous pouvez demander une copie de vos renseignements ou nous poser toute question sur cette politique.</li>',
        '</ul>',
        '<h2>Nous joindre</h2>',
        '<p>Faites-nous parvenir vos questions et demandes relatives à la confidentialité par la <a href="/contacts">page de contact</a>. Les demandes sont traitées dans un délai de 5 jours ouvrables.</p>',
      ].join('\n'),
    },
    {
      name: 'Conditions d’utilisation',
      alias: 'terms_conditions',
      url: '/terms_conditions',
      altName: 'Conditions d’utilisation de Réseau Sport Boréal',
      content: [
        '<p><em>Dernière mise à jour : 2 février 2026</em></p>',
        '<p>Ces conditions s’appliquent à toute personne qui utilise Réseau Sport Boréal. En créant un compte ou en achetant un accès, vous les acceptez.</p>',
        '<h2>Votre compte</h2>',
        '<p>Vous devez fournir des renseignements exacts lors de votre inscription et garder votre mot de passe pour vous. Votre compte est personnel : ne le partagez pas et n’en revendez pas l’accès. Vous êtes responsable de ce qui se fait à partir de votre compte, et vous pouvez le supprimer en tout temps à partir de votre <a href="/profile/edit">profil</a>.</p>',
        '<h2>Laissez-passer, forfaits et abonnements</h2>',
        '<p>Les laissez-passer, les matchs à l’unité et les abonnements sont décrits, avec leurs prix, à la <a href="/packages">page des forfaits</a>. Les prix sont en dollars canadiens et comprennent les frais de service affichés au moment du paiement. Un laissez-passer donne accès seulement aux matchs, aux sports ou aux équipes qu’il nomme, pour la période indiquée.</p>',
        '<p><strong>Toutes les ventes sont finales, sans remboursement.</strong> Un match reporté sera accessible lorsqu’il sera disputé ; un match manqué reste offert en reprise dans la vidéothèque.</p>',
        '<h2>Essais gratuits</h2>',
        '<p>Certains abonnements commencent par un essai gratuit. Votre carte est débitée automatiquement à la fin de l’essai, à moins que vous n’annuliez le renouvellement automatique avant la fin de celui-ci.</p>',
        '<h2>Renouvellement automatique</h2>',
        '<p>Les abonnements se renouvellent automatiquement à la fin de chaque période (tous les 30 jours pour les formules mensuelles, tous les 12 mois pour les formules annuelles) et sont facturés à la carte utilisée. Vous pouvez annuler le renouvellement automatique en tout temps à la <a href="/packages">page des forfaits</a> ; vous conservez l’accès jusqu’à la fin de la période déjà payée.</p>',
        '<h2>Extraits</h2>',
        '<p>Les extraits que vous créez sont réservés à un usage personnel et non commercial. Lorsque vous partagez un extrait, toute personne qui a le lien peut le regarder. N’utilisez pas les extraits pour rediffuser un match ni d’une manière qui laisse croire qu’une université ou une conférence vous appuie. Nous pouvons retirer un extrait qui enfreint ces conditions.</p>',
        '<h2>Restrictions géographiques</h2>',
        '<p>Certains droits de diffusion se limitent au Canada : ces matchs ne sont pas offerts ailleurs. N’utilisez pas d’outils qui masquent votre emplacement pour contourner ces restrictions.</p>',
        '<h2>Conduite</h2>',
        '<p>Il est interdit d’enregistrer, de copier ou de redistribuer les diffusions, de nuire au fonctionnement du service ou de tenter d’accéder à des comptes ou à du contenu que vous n’avez pas payés. Nous pouvons suspendre ou fermer un compte qui enfreint ces règles, sans remboursement.</p>',
        '<h2>Modifications</h2>',
        '<p>Nous pouvons mettre ces conditions à jour, par exemple lors de l’ajout de nouvelles fonctions ou de nouveaux laissez-passer. La date en haut de cette page indique la version en vigueur, et continuer d’utiliser Boréal après une modification signifie que vous l’acceptez. Vos questions sont les bienvenues par la <a href="/contacts">page de contact</a>.</p>',
      ].join('\n'),
    },
    {
      name: 'Laissez-passer',
      alias: 'passes',
      url: '/passes',
      altName: 'Laissez-passer et abonnements de Boréal',
      content: [
        '<h2>Trouvez le laissez-passer qu’il vous faut</h2>',
        '<p>Tout commence par un compte gratuit et un laissez-passer de base. Ensuite, vous n’achetez que ce que vous voulez regarder. Toutes les options se trouvent à la <a href="/packages">page des forfaits</a>.</p>',
        '<h3>Laissez-passer de base (gratuits)</h3>',
        '<ul>',
        '<li><strong>Laissez-passer de base gratuit 2023-24 :</strong> consultez l’horaire et regardez tous les matchs gratuits de la saison.</li>',
        '<li><strong>Laissez-passer partisan inscrit 2023-24 :</strong> tout ce qu’offre le laissez-passer de base, avec en plus les rappels de match, les favoris et l’infolettre hebdomadaire.</li>',
        '</ul>',
        '<h3>Passes saison</h3>',
        '<p>La <strong>Passe saison hockey</strong> donne accès à tous les matchs de hockey masculin et féminin de Boréal pendant douze mois, en direct et en reprise.</p>',
        '<h3>Passes d’équipe</h3>',
        '<p>Avec la <strong>Passe d’équipe hockey masculin</strong>, choisissez les Harfangs du Fleuve, les Lynx de Val-Boréal, les Voyageurs de Rivière-des-Pins ou les Goélands de l’Acadie-Maritime, et regardez tous les matchs de hockey masculin de cette équipe pendant douze mois.</p>',
        '<h3>À la carte</h3>',
        '<p>Achetez un match à l’unité à partir de sa page, ou procurez-vous le <strong>Forfait à la carte basketball masculin</strong> pour tous les matchs payants de basketball masculin de la saison en un seul achat.</p>',
        '<h3>Abonnements</h3>',
        '<ul>',
        '<li><strong>Accès illimité mensuel :</strong> tous les matchs de Boréal, en direct et en reprise. Les 7 premiers jours sont gratuits, puis l’abonnement se renouvelle tous les 30 jours.</li>',
        '<li><strong>Accès illimité annuel :</strong> tous les matchs pendant un an, au prix de dix mois.</li>',
        '</ul>',
        '<p>Les abonnements se renouvellent automatiquement ; annulez le renouvellement en tout temps à la <a href="/packages">page des forfaits</a>. Si vous annulez pendant l’essai gratuit, vous ne payez rien.</p>',
        '<p><em>Toutes les ventes sont finales, sans remboursement.</em> Les paiements se font par carte, par l’entremise de Stripe.</p>',
      ].join('\n'),
    },
  ],

  faq: [
    {
      question: 'Comment regarder un match en direct ?',
      answer:
        'Créez un compte gratuit, choisissez votre laissez-passer de base, puis ouvrez un match marqué EN DIRECT dans l’horaire. Les matchs gratuits démarrent aussitôt ; les matchs payants demandent l’achat d’un billet ou d’un laissez-passer.',
    },
    {
      question: 'Quelle est la différence entre les deux laissez-passer de base ?',
      answer:
        'Les deux sont gratuits pour la saison 2023-24. Le laissez-passer de base donne accès aux matchs gratuits ; le laissez-passer partisan inscrit ajoute les rappels de match, les favoris et l’infolettre.',
    },
    {
      question: 'Puis-je être remboursé si je manque un match ?',
      answer:
        'Toutes les ventes sont finales, sans remboursement. Les matchs achetés restent offerts en reprise dans la vidéothèque : vous pourrez donc les regarder plus tard.',
    },
    {
      question: 'Pourquoi une vidéo n’est-elle pas offerte dans ma région ?',
      answer:
        'Certains droits de diffusion se limitent au Canada. Si vous êtes en voyage, le contenu redeviendra accessible à votre retour au pays.',
    },
    {
      question: 'Quels appareils sont compatibles ?',
      answer:
        'Les versions récentes de Chrome, Firefox, Safari et Edge, sur ordinateur, tablette ou téléphone. Une connexion d’au moins 5 Mb/s est recommandée pour la haute définition.',
    },
    {
      question: 'Les prix sont-ils en dollars canadiens ?',
      answer:
        'Oui. Tous les prix sont affichés en dollars canadiens (CAD), frais de service inclus au moment du paiement.',
    },
    {
      question: 'Comment joindre le soutien technique ?',
      answer:
        'Remplissez le formulaire de la page de contact en précisant le match et l’appareil utilisé. Les demandes de contact sont traitées dans un délai de 5 jours ouvrables.',
    },
  ],

  staticBlocks: {
    'footer:copyright': '© {year} Réseau Sport Boréal. Tous droits réservés.',
    'footer:about': 'Réseau Sport Boréal est le diffuseur en continu du sport universitaire de la Conférence du Saint-Laurent et de la Conférence Atlantique-Ontario.',
    'header:announcement': 'La saison de hockey est lancée : les Harfangs reçoivent les Voyageurs cette semaine, en direct sur Boréal.',
    'home:hero_title': 'Tout le sport universitaire, en direct.',
    'home:hero_subtitle': 'Hockey, basketball, volleyball, soccer et rugby du Québec, de l’Ontario et de l’Acadie.',
    'passes:intro': 'Choisissez le laissez-passer qui vous convient. Toutes les ventes sont finales, sans remboursement.',
    'contacts:email': 'soutien@reseau-boreal.example.ca',
    'contacts:phone': '+1 418 555-0187',
    'contacts:address': 'Réseau Sport Boréal, 2400, boulevard du Fleuve, bureau 210, Québec (Québec) G1K 3X2, Canada',
    'contacts:hours': 'Notre équipe de soutien répond du lundi au vendredi, de 9 h à 18 h (heure de l’Est), et les jours de match jusqu’à la fin de la rencontre.',
  },

  slides: [
    { target: { type: 'main' }, title: 'La Classique du Fleuve', subtitle: 'Harfangs et Voyageurs s’affrontent en direct cette semaine', link: '/upcoming' },
    { target: { type: 'main' }, title: 'Laissez-passer de saison', subtitle: 'Tous les matchs de la conférence à un seul prix', link: '/packages' },
    { target: { type: 'category', category: 'rugby' }, title: 'Rugby féminin', subtitle: 'Le rugby universitaire comme vous ne l’avez jamais vu', link: '/upcoming?sport=rugby' },
    { target: { type: 'participant', team: 'val-boreal-lynx-hockey-masculin' }, title: 'Les Lynx de Val-Boréal', subtitle: 'Suivez les Lynx toute la saison', link: '/upcoming?team=val-boreal-lynx-hockey-masculin' },
    { target: { type: 'group', group: 'universite-acadie-maritime' }, title: 'Université de l’Acadie-Maritime', subtitle: 'Tous les sports des Goélands au même endroit', link: '/?group=universite-acadie-maritime' },
  ],

  prerolls: [
    { weight: 5, location: 'fleuve', forLive: true, forVod: true },
    { weight: 3, categories: ['hockey-masculin', 'hockey-feminin', 'rugby'], forLive: true, forVod: true },
    { weight: 1, forLive: false, forVod: true },
  ],

  passesForm: {
    name: 'Choisissez votre laissez-passer de base',
    fields: [
      {
        name: 'basic_pass',
        label: 'Laissez-passer de base',
        type: 'select',
        required: true,
        options: [
          { value: 'free-basic-2023-24', label: 'Laissez-passer de base gratuit 2023-24' },
          { value: 'register-basic-2023-24', label: 'Laissez-passer partisan inscrit 2023-24' },
        ],
      },
      { name: 'newsletter', label: 'Recevoir l’infolettre hebdomadaire de Boréal', type: 'checkbox', required: false, options: [] },
    ],
  },

  vodCategories: [
    { alias: 'faits-saillants', name: 'Faits saillants' },
    { alias: 'faits-saillants-hockey', name: 'Faits saillants – hockey', parent: 'faits-saillants' },
    { alias: 'entrevues', name: 'Entrevues et reportages' },
  ],

  vodMedia: [
    { key: 'v1', title: 'Lynx @ Harfangs : les faits saillants', description: 'Tous les buts d’un match enlevant au Complexe sportif du Fleuve.', category: 'faits-saillants-hockey', event: 'f1', durationSeconds: 510 },
    { key: 'v2', title: 'Basketball féminin : Lynx @ Goélands', description: 'Les meilleurs jeux d’une remontée spectaculaire à Moncton.', category: 'faits-saillants', event: 'f2', durationSeconds: 360 },
    { key: 'v3', title: 'Volleyball : la balle de match', description: 'Le dernier échange du cinquième set à Ottawa.', category: 'faits-saillants', event: 'f3', durationSeconds: 75 },
    { key: 'v4', title: 'Rugby : Goélands @ Lynx en 5 minutes', description: 'Essais, plaquages et une dernière poussée en mêlée.', category: 'faits-saillants', event: 'f4', durationSeconds: 300 },
    { key: 'v5', title: 'Les 10 plus beaux arrêts du mois', description: 'Nos gardiennes et gardiens de but ont volé la vedette.', category: 'faits-saillants-hockey', daysAgo: 6, durationSeconds: 240 },
    { key: 'v6', title: 'Portrait : l’entraîneuse des Harfangs', description: 'Rencontre avec celle qui a bâti un programme de hockey féminin gagnant.', category: 'entrevues', daysAgo: 11, durationSeconds: 600 },
    { key: 'v7', title: 'Goélands @ Voyageurs : résumé', description: 'Un duel physique à Ottawa, tranché en troisième période.', category: 'faits-saillants-hockey', event: 'f8', durationSeconds: 420 },
    { key: 'v8', title: 'Journée des médias : la table ronde', description: 'Les entraîneurs se prononcent sur les favoris de la saison.', category: 'entrevues', event: 'f9', durationSeconds: 580 },
    { key: 'v9', title: 'Voyageurs @ Lynx : la Classique', description: 'Prolongation et tirs de barrage devant une foule record.', category: 'faits-saillants-hockey', event: 'f10', durationSeconds: 480 },
    { key: 'v10', title: 'Dans le vestiaire des Goélands', description: 'Une semaine avec l’équipe de soccer de l’Acadie-Maritime.', category: 'entrevues', daysAgo: 4, durationSeconds: 420 },
    { key: 'v11', title: 'Goélands @ Lynx : le panier de la victoire', description: 'Un tir au son de la sirène.', category: 'faits-saillants', event: 'f11', durationSeconds: 60 },
    { key: 'v12', title: 'Hockey féminin : UDF @ UVB', description: 'Les moments forts d’un match serré à Québec.', category: 'faits-saillants-hockey', event: 'f5', durationSeconds: 390 },
  ],

  vodRails: [
    { title: 'Les plus récents', items: ['v11', 'v9', 'v8', 'v7', 'v12'] },
    { title: 'Zone hockey', items: ['v1', 'v5', 'v7', 'v9', 'v12'] },
    { title: 'Entrevues et reportages', items: ['v6', 'v10', 'v8', 'v4'] },
  ],

  viewers: {
    fan: { firstName: 'Émilie', lastName: 'Tremblay' },
    basic: { firstName: 'Samuel', lastName: 'Gagnon' },
    blocked: { firstName: 'Luc', lastName: 'Bouchard' },
  },
  fanFavorites: { team: 'fleuve-harfangs-hockey-masculin', group: 'universite-de-val-boreal' },

  commerce: {
    passes: [
      {
        name: 'Laissez-passer de base gratuit 2023-24',
        description: 'Consultez l’horaire et regardez tous les matchs gratuits de la saison 2023-24.',
        type: 'free',
        price: { basePrice: 0, serviceFee: 0 },
        offer: 'other',
      },
      {
        name: 'Laissez-passer partisan inscrit 2023-24',
        description: 'Gratuit avec votre compte : les matchs gratuits, les rappels de match, les favoris et l’infolettre.',
        type: 'register',
        price: { basePrice: 0, serviceFee: 0 },
        offer: 'other',
      },
      {
        name: 'Passe saison hockey',
        description: 'Tous les matchs de hockey masculin et féminin de Boréal pendant douze mois, en direct et en reprise.',
        type: 'paid',
        price: { basePrice: 5999, serviceFee: 300 },
        categories: ['hockey'],
        offer: 'annual',
        period: 'annual',
      },
      {
        name: 'Forfait à la carte basketball masculin',
        description: 'Tous les matchs payants de basketball masculin de la saison en un seul achat.',
        type: 'ppv',
        price: { basePrice: 2999, serviceFee: 150 },
        categories: ['basketball-masculin'],
        offer: 'other',
      },
      {
        name: 'Passe d’équipe hockey masculin',
        description: 'Choisissez votre équipe et regardez tous ses matchs de hockey masculin pendant douze mois.',
        type: 'paid',
        price: { basePrice: 3499, serviceFee: 175 },
        categories: ['hockey-masculin'],
        teams: ['fleuve-harfangs-hockey-masculin', 'val-boreal-lynx-hockey-masculin', 'riviere-des-pins-voyageurs-hockey', 'acadie-goelands-hockey-masculin'],
        offer: 'annual',
        period: 'annual',
      },
    ],
    subscriptions: [
      {
        name: 'Accès illimité mensuel',
        description: 'Tous les matchs de Boréal, en direct et en reprise. Les 7 premiers jours sont gratuits, puis facturé tous les 30 jours. Annulable en tout temps.',
        price: { basePrice: 1499, serviceFee: 0 },
        offer: 'other',
        period: 'monthly',
        trialDays: 7,
      },
      {
        name: 'Accès illimité annuel',
        description: 'Tous les matchs de Boréal pendant un an, au prix de dix mois.',
        price: { basePrice: 14990, serviceFee: 0 },
        offer: 'annual',
        period: 'annual',
        trialDays: 0,
      },
    ],
    coupons: [
      { code: 'BIENVENUE10', discountType: 'percent', discount: 10, appliesTo: 'all' },
      { code: 'PASSE5', discountType: 'amount', discount: 500, appliesTo: 'package' },
      { code: 'ABONNEMENT20', discountType: 'percent', discount: 20, appliesTo: 'subscription' },
      { code: 'EQUIPE100', discountType: 'percent', discount: 100, appliesTo: 'package', maxRedemptions: 50 },
      { code: 'HIVER2023', discountType: 'percent', discount: 50, appliesTo: 'all', expiresInDays: -30 },
    ],
    fanPurchase: 'f1',
    singleEventName: '{event} : match à l’unité',
  },
};
