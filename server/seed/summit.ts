import type { ChannelSeed } from './types';

/** Channel A: American college sports in the upper Midwest, in English, priced in USD. */
export const summit: ChannelSeed = {
  idBase: 0,
  alias: 'summit',
  name: 'Summit Sports Network',
  channelKey: 'summit-demo-channel-key',
  language: 'en',
  currency: 'USD',
  countryCode: 'US',
  domains: ['summit.localhost'],
  blockedCountries: ['RU'],
  tagManagerId: 'GTM-SUMMIT1',
  productAnalyticsKey: 'summit-analytics-key',
  prerollTimeoutMs: null,
  colors: {
    header_background: '#0b2545',
    header_text_color: '#ffffff',
    body_background: '#f4f6fa',
    body_text_color: '#1b1f24',
    footer_background: '#13315c',
    footer_text_color: '#e8eef7',
    primary_color: '#1d4ed8',
    secondary_color: '#134074',
    accent_color: '#f2a900',
    button_text_color: '#ffffff',
  },

  groups: [
    {
      alias: 'northfield-university',
      name: 'Northfield University',
      properties: { state: ['MN'], division: ['D1'], league: ['North Conference'] },
    },
    {
      alias: 'lakeshore-state-university',
      name: 'Lakeshore State University',
      properties: { state: ['MI'], division: ['D1'], league: ['North Conference'] },
    },
    {
      alias: 'badger-valley-college',
      name: 'Badger Valley College',
      properties: { state: ['WI'], division: ['D2'], league: ['Great Lakes League'] },
    },
    {
      alias: 'iron-range-tech',
      name: 'Iron Range Technical University',
      properties: { state: ['MN'], division: ['D2'], league: ['Great Lakes League'] },
    },
  ],

  teams: [
    { alias: 'northfield-huskies-mens-hockey', group: 'northfield-university', name: 'Northfield University Huskies', shortName: 'Huskies', color: '#5b2c83', gender: 'male', sport: 'hockey' },
    { alias: 'northfield-huskies-womens-hockey', group: 'northfield-university', name: "Northfield University Huskies Women's Hockey", shortName: 'NFU', color: '#7a4fa8', gender: 'female', sport: 'hockey' },
    { alias: 'northfield-huskies-football', group: 'northfield-university', name: 'Northfield University Huskies Football', shortName: 'Huskies', color: '#5b2c83', gender: 'male', sport: 'football' },
    { alias: 'northfield-huskies-womens-basketball', group: 'northfield-university', name: "Northfield University Huskies Women's Basketball", shortName: 'NFU', color: '#7a4fa8', gender: 'female', sport: 'basketball' },
    { alias: 'northfield-huskies-volleyball', group: 'northfield-university', name: 'Northfield University Huskies Volleyball', shortName: 'Huskies', color: '#7a4fa8', gender: 'female', sport: 'volleyball' },
    { alias: 'lakeshore-lakers-mens-hockey', group: 'lakeshore-state-university', name: 'Lakeshore State University Lakers', shortName: 'Lakers', color: '#0077b6', gender: 'male', sport: 'hockey' },
    { alias: 'lakeshore-lakers-womens-hockey', group: 'lakeshore-state-university', name: "Lakeshore State University Lakers Women's Hockey", shortName: 'LKS', color: '#48cae4', gender: 'female', sport: 'hockey' },
    { alias: 'lakeshore-lakers-mens-basketball', group: 'lakeshore-state-university', name: 'Lakeshore State University Lakers Basketball', shortName: 'Lakers', color: '#0077b6', gender: 'male', sport: 'basketball' },
    { alias: 'lakeshore-lakers-womens-basketball', group: 'lakeshore-state-university', name: "Lakeshore State University Lakers Women's Basketball", shortName: 'LKS', color: '#48cae4', gender: 'female', sport: 'basketball' },
    { alias: 'badger-valley-foxes-mens-basketball', group: 'badger-valley-college', name: 'Badger Valley College Foxes', shortName: 'Foxes', color: '#c8102e', gender: 'male', sport: 'basketball' },
    { alias: 'badger-valley-foxes-womens-soccer', group: 'badger-valley-college', name: "Badger Valley College Foxes Women's Soccer", shortName: 'BVC', color: '#e5383b', gender: 'female', sport: 'soccer' },
    { alias: 'badger-valley-foxes-volleyball', group: 'badger-valley-college', name: 'Badger Valley College Foxes Volleyball', shortName: 'Foxes', color: '#e5383b', gender: 'female', sport: 'volleyball' },
    { alias: 'iron-range-miners-mens-hockey', group: 'iron-range-tech', name: 'Iron Range Technical University Miners', shortName: 'Miners', color: '#2f3e46', gender: 'male', sport: 'hockey' },
    { alias: 'iron-range-miners-football', group: 'iron-range-tech', name: 'Iron Range Technical University Miners Football', shortName: 'Miners', color: '#2f3e46', gender: 'male', sport: 'football' },
    { alias: 'iron-range-miners-womens-soccer', group: 'iron-range-tech', name: "Iron Range Technical University Miners Women's Soccer", shortName: 'IRT', color: '#84a98c', gender: 'female', sport: 'soccer' },
  ],

  categories: [
    {
      alias: 'hockey',
      name: 'Hockey',
      children: [
        { alias: 'mens-hockey', name: "Men's Hockey" },
        { alias: 'womens-hockey', name: "Women's Hockey" },
      ],
    },
    {
      alias: 'basketball',
      name: 'Basketball',
      children: [
        { alias: 'mens-basketball', name: "Men's Basketball" },
        { alias: 'womens-basketball', name: "Women's Basketball" },
      ],
    },
    { alias: 'football', name: 'Football' },
    { alias: 'soccer', name: 'Soccer' },
    { alias: 'volleyball', name: 'Volleyball' },
  ],

  locations: [
    { key: 'northfield', name: 'Northfield Athletic Complex', city: 'Northfield', state: 'MN', country: 'US', timeZone: 'America/Chicago' },
    { key: 'lakeshore', name: 'Lakeshore Fieldhouse', city: 'Traverse City', state: 'MI', country: 'US', timeZone: 'America/Detroit' },
    { key: 'badger-valley', name: 'Badger Valley Events Center', city: 'Eau Claire', state: 'WI', country: 'US', timeZone: 'America/Chicago' },
  ],

  gameDescriptions: [
    '{homeSchool} hosts {awaySchool} in {category} action at {venue} in {city}. Pregame coverage starts 30 minutes before the opening whistle.',
    'A North Country rivalry renewed as {awaySchool} visits {homeSchool} at {venue}. Live play-by-play and color commentary from the Summit booth.',
    '{awaySchool} travels to {city} to take on {homeSchool} in {category}. Catch every moment live, then relive the highlights in the video library.',
  ],

  events: [
    // Finished: the last 30 days.
    { key: 'f1', home: 'northfield-huskies-mens-hockey', away: 'lakeshore-lakers-mens-hockey', category: 'mens-hockey', location: 'northfield', start: { hoursFromNow: -650 }, durationMinutes: 180, paid: { basePrice: 999, serviceFee: 100 } },
    { key: 'f2', home: 'northfield-huskies-football', away: 'iron-range-miners-football', category: 'football', location: 'northfield', start: { hoursFromNow: -600 }, durationMinutes: 210 },
    { key: 'f3', home: 'northfield-huskies-womens-basketball', away: 'lakeshore-lakers-womens-basketball', category: 'womens-basketball', location: 'northfield', start: { hoursFromNow: -550 }, durationMinutes: 150 },
    { key: 'f4', home: 'lakeshore-lakers-mens-basketball', away: 'badger-valley-foxes-mens-basketball', category: 'mens-basketball', location: 'lakeshore', start: { hoursFromNow: -500 }, durationMinutes: 150, paid: { basePrice: 999, serviceFee: 100 } },
    { key: 'f5', home: 'badger-valley-foxes-womens-soccer', away: 'iron-range-miners-womens-soccer', category: 'soccer', location: 'badger-valley', start: { hoursFromNow: -430 }, durationMinutes: 120 },
    { key: 'f6', home: 'badger-valley-foxes-volleyball', away: 'northfield-huskies-volleyball', category: 'volleyball', location: 'badger-valley', start: { hoursFromNow: -360 }, durationMinutes: 150, paid: { basePrice: 499, serviceFee: 50 } },
    { key: 'f7', home: 'lakeshore-lakers-mens-hockey', away: 'iron-range-miners-mens-hockey', category: 'mens-hockey', location: 'lakeshore', start: { hoursFromNow: -290 }, durationMinutes: 180, paid: { basePrice: 999, serviceFee: 100 } },
    { key: 'f8', home: 'northfield-huskies-womens-hockey', away: 'lakeshore-lakers-womens-hockey', category: 'womens-hockey', location: 'northfield', start: { hoursFromNow: -220 }, durationMinutes: 180, paid: { basePrice: 999, serviceFee: 100 } },
    {
      key: 'f9',
      title: 'North Conference Media Day',
      category: 'football',
      location: 'badger-valley',
      start: { hoursFromNow: -170 },
      durationMinutes: 180,
      description:
        'Head coaches and team captains from across the North Conference preview the season ahead, with open Q&A from the press row.',
    },
    { key: 'f10', home: 'badger-valley-foxes-mens-basketball', away: 'lakeshore-lakers-mens-basketball', category: 'mens-basketball', location: 'badger-valley', start: { hoursFromNow: -120 }, durationMinutes: 150, paid: { basePrice: 1499, serviceFee: 150 } },
    { key: 'f11', home: 'iron-range-miners-mens-hockey', away: 'northfield-huskies-mens-hockey', category: 'mens-hockey', location: 'northfield', start: { hoursFromNow: -30 }, durationMinutes: 180, paid: { basePrice: 999, serviceFee: 100 } },
    { key: 'f12', home: 'iron-range-miners-womens-soccer', away: 'badger-valley-foxes-womens-soccer', category: 'soccer', location: 'northfield', start: { hoursFromNow: -6 }, durationMinutes: 120 },

    // Live now: 3 to 6 hour windows so they stay live for a while after the server starts.
    { home: 'northfield-huskies-womens-hockey', away: 'lakeshore-lakers-womens-hockey', category: 'womens-hockey', location: 'northfield', start: { liveSinceMinutes: 30 }, durationMinutes: 180, paid: { basePrice: 999, serviceFee: 100 } },
    { home: 'badger-valley-foxes-mens-basketball', away: 'lakeshore-lakers-mens-basketball', category: 'mens-basketball', location: 'badger-valley', start: { liveSinceMinutes: 75 }, durationMinutes: 240, paid: { basePrice: 999, serviceFee: 100 } },
    { home: 'lakeshore-lakers-womens-basketball', away: 'northfield-huskies-womens-basketball', category: 'womens-basketball', location: 'lakeshore', start: { liveSinceMinutes: 120 }, durationMinutes: 300 },
    {
      home: 'northfield-huskies-football',
      title: 'Huskies Spring Game',
      category: 'football',
      location: 'northfield',
      start: { liveSinceMinutes: 150 },
      durationMinutes: 360,
      description:
        'The Northfield Huskies split into Purple and White squads for the annual spring scrimmage, followed by an autograph session on the field.',
    },

    // Upcoming: the next 21 days.
    { home: 'northfield-huskies-mens-hockey', away: 'iron-range-miners-mens-hockey', category: 'mens-hockey', location: 'northfield', start: { hoursFromNow: 3 }, durationMinutes: 180, paid: { basePrice: 999, serviceFee: 100 } },
    { home: 'badger-valley-foxes-womens-soccer', away: 'iron-range-miners-womens-soccer', category: 'soccer', location: 'badger-valley', start: { hoursFromNow: 20 }, durationMinutes: 120 },
    { home: 'iron-range-miners-football', away: 'northfield-huskies-football', category: 'football', location: 'northfield', start: { hoursFromNow: 28 }, durationMinutes: 210, paid: { basePrice: 1499, serviceFee: 150 } },
    { home: 'badger-valley-foxes-volleyball', away: 'northfield-huskies-volleyball', category: 'volleyball', location: 'badger-valley', start: { hoursFromNow: 50 }, durationMinutes: 150 },
    { home: 'lakeshore-lakers-mens-basketball', away: 'badger-valley-foxes-mens-basketball', category: 'mens-basketball', location: 'lakeshore', start: { hoursFromNow: 74 }, durationMinutes: 150, paid: { basePrice: 999, serviceFee: 100 } },
    { home: 'northfield-huskies-womens-hockey', away: 'lakeshore-lakers-womens-hockey', category: 'womens-hockey', location: 'northfield', start: { hoursFromNow: 98 }, durationMinutes: 180, paid: { basePrice: 999, serviceFee: 100 } },
    { home: 'northfield-huskies-womens-basketball', away: 'lakeshore-lakers-womens-basketball', category: 'womens-basketball', location: 'northfield', start: { hoursFromNow: 122 }, durationMinutes: 150 },
    { home: 'lakeshore-lakers-mens-hockey', away: 'northfield-huskies-mens-hockey', category: 'mens-hockey', location: 'lakeshore', start: { hoursFromNow: 170 }, durationMinutes: 180, paid: { basePrice: 999, serviceFee: 100 } },
    {
      title: "Women's Hockey Awards Night",
      category: 'womens-hockey',
      location: 'lakeshore',
      start: { hoursFromNow: 216 },
      durationMinutes: 150,
      description:
        "The North Conference honors its women's hockey player, goaltender and coach of the year in a red-carpet ceremony from Traverse City.",
    },
    { home: 'iron-range-miners-mens-hockey', away: 'lakeshore-lakers-mens-hockey', category: 'mens-hockey', location: 'northfield', start: { hoursFromNow: 264 }, durationMinutes: 180, paid: { basePrice: 999, serviceFee: 100 } },
    { home: 'iron-range-miners-womens-soccer', away: 'badger-valley-foxes-womens-soccer', category: 'soccer', location: 'northfield', start: { hoursFromNow: 312 }, durationMinutes: 120 },
    { home: 'badger-valley-foxes-mens-basketball', away: 'lakeshore-lakers-mens-basketball', category: 'mens-basketball', location: 'badger-valley', start: { hoursFromNow: 360 }, durationMinutes: 150, paid: { basePrice: 1499, serviceFee: 150 } },
    { home: 'northfield-huskies-volleyball', away: 'badger-valley-foxes-volleyball', category: 'volleyball', location: 'northfield', start: { hoursFromNow: 410 }, durationMinutes: 150 },
    { home: 'northfield-huskies-football', away: 'iron-range-miners-football', category: 'football', location: 'northfield', start: { hoursFromNow: 480 }, durationMinutes: 210, paid: { basePrice: 1499, serviceFee: 150 } },
  ],

  menu: [
    { title: 'Home', url: '/' },
    { title: 'Schedule', url: '/upcoming' },
    { title: 'Video Library', url: '/vod_library' },
    { title: 'Passes', url: '/packages' },
    { title: 'FAQ', url: '/faq' },
    { title: 'About the Network', url: '/about-network' },
    { title: 'North Conference', url: 'https://north-conference.example.com', external: true },
  ],

  pages: [
    {
      name: 'About the Network',
      alias: 'about-network',
      url: '/about-network',
      altName: 'About Summit Sports Network',
      content: [
        '<h2>Home of North Country college sports</h2>',
        '<p>Summit Sports Network streams more than 400 college games a season from the North Conference and the Great Lakes League, from Friday-night hockey in Northfield to Saturday volleyball in Eau Claire.</p>',
        '<p>Every broadcast is produced by student crews working alongside our professional staff, so the people behind the camera know the teams as well as the fans in the stands do.</p>',
        '<p>Watch live on the web, catch up on replays and highlights in the video library, and follow your favorite schools to see their games first.</p>',
      ].join('\n'),
    },
    {
      name: 'Broadcast Partners',
      alias: 'broadcast-partners',
      url: '/broadcast-partners',
      altName: 'Our broadcast partners',
      content: [
        '<h2>Our broadcast partners</h2>',
        '<p>Summit works with campus radio stations across Minnesota, Wisconsin and Michigan to bring their play-by-play voices to our streams.</p>',
        '<p>Selected North Conference hockey games are simulcast on regional television; the stream on Summit is always commercial-free for fans with a No Ads pass.</p>',
        '<p>Schools interested in joining the network can reach our partnerships team through the contact page.</p>',
      ].join('\n'),
    },
    {
      name: 'Accessibility',
      alias: 'accessibility',
      url: '/accessibility',
      altName: 'Accessibility statement',
      content: [
        '<h2>Accessibility statement</h2>',
        '<p>We want every fan to enjoy the game. Live streams carry closed captions for English commentary, and the player can be operated entirely from the keyboard.</p>',
        '<p>Our pages follow WCAG 2.1 AA guidelines. Colors, focus outlines and text sizes are tested on every release.</p>',
        '<p>If something gets in your way, tell us through the contact page. Contact requests are reviewed within 5 business days.</p>',
      ].join('\n'),
    },
    {
      name: 'About',
      alias: 'about',
      url: '/about',
      altName: 'About Summit Sports Network',
      content: [
        '<h2>Every school, every sport, one network</h2>',
        '<p>Summit Sports Network is the streaming home of the <strong>North Conference</strong> and the <strong>Great Lakes League</strong>. We carry hockey, basketball, football, soccer and volleyball from Northfield University, Lakeshore State University, Badger Valley College and Iron Range Technical University, live and on replay.</p>',
        '<p>Our games come from the Northfield Athletic Complex, the Lakeshore Fieldhouse in Traverse City and the Badger Valley Events Center in Eau Claire. Student crews run the cameras and the graphics next to our professional producers, and campus radio voices call the play-by-play.</p>',
        '<p>Free games are open to everyone with a free account. For the rest, pick what suits you: a single game, a season or team pass, or an All-Access subscription. Every game you can watch live stays in the <a href="/vod_library">video library</a> as a replay, next to highlights, features and interviews.</p>',
        '<p>Add your schools and teams to your favorites to see their games first, cut and share clips of the big moments, and reach our support team any time through the <a href="/contacts">contact page</a>.</p>',
      ].join('\n'),
    },
    {
      name: 'Privacy Policy',
      alias: 'privacy_policy',
      url: '/privacy_policy',
      altName: 'Summit Sports Network Privacy Policy',
      content: [
        '<p><em>Last updated: February 2, 2026</em></p>',
        '<p>This policy explains what Summit Sports Network collects when you use our website, why we collect it and the choices you have.</p>',
        '<h2>What we collect</h2>',
        '<ul>',
        '<li><strong>Your account:</strong> your name, email address and password (stored only in hashed form), your basic pass choice, your newsletter preference and your favorite teams, schools and sports.</li>',
        '<li><strong>Your purchases:</strong> the passes, games and subscriptions you buy, their amounts and dates, and the promo codes you use. Card payments are processed by Stripe. Your card number is sent directly to Stripe and is never stored by us; we keep only the card brand, its last four digits and its expiry date so you can recognize a saved card.</li>',
        '<li><strong>Viewing and analytics data:</strong> the pages you open, the games and clips you watch and for how long, your device type, browser, screen resolution and IP address. This data is grouped under a session id that lasts 24 hours.</li>',
        '<li><strong>Clips:</strong> the clips you cut from games, with their titles and tags.</li>',
        '<li><strong>Cookies and local storage:</strong> your browser keeps your sign-in, language and player preferences so you do not have to set them again. These values are kept for about 360 days unless you clear them.</li>',
        '</ul>',
        '<h2>How we use it</h2>',
        '<ul>',
        '<li>To run your account and give you access to the games, passes and subscriptions you are entitled to.</li>',
        '<li>To take payments, renew subscriptions you have not cancelled and send receipts.</li>',
        '<li>To apply broadcast rights, which can depend on the country you are watching from.</li>',
        '<li>To understand which games and features fans use, fix problems and improve streaming quality.</li>',
        '<li>To send game reminders and the weekly newsletter, only if you asked for them.</li>',
        '</ul>',
        '<h2>Sharing</h2>',
        '<p>We do not sell your personal information. We share it only with the service providers that help us run Summit (Stripe for payments, our video delivery and analytics providers), under contracts that limit what they may do with it, and with authorities when the law requires it. A clip you share can be watched by anyone who has its link.</p>',
        '<h2>Your rights</h2>',
        '<ul>',
        '<li>You can see and correct your name, email address and password on the <a href="/profile/edit">Edit my profile</a> page.</li>',
        '<li>You can delete your account from the same page. Deleting it removes your profile, orders, clips and favorites, and cannot be undone. We keep only the payment records the law requires.</li>',
        '<li>You can clear cookies and local storage from your browser settings at any time.</li>',
        '<li>You can ask us for a copy of your data or ask any question about this policy.</li>',
        '</ul>',
        '<h2>Contact us</h2>',
        '<p>Send privacy questions and requests through the <a href="/contacts">contact page</a>. Requests are reviewed within 5 business days.</p>',
      ].join('\n'),
    },
    {
      name: 'Terms & Conditions',
      alias: 'terms_conditions',
      url: '/terms_conditions',
      altName: 'Summit Sports Network Terms & Conditions',
      content: [
        '<p><em>Last updated: February 2, 2026</em></p>',
        '<p>These terms apply to everyone who uses Summit Sports Network. By creating an account or buying access, you agree to them.</p>',
        '<h2>Your account</h2>',
        '<p>You must give accurate information when you register and keep your password to yourself. Your account is personal: do not share it or resell access to it. You are responsible for what happens under your account, and you can delete it at any time from your <a href="/profile/edit">profile</a>.</p>',
        '<h2>Passes, packages and subscriptions</h2>',
        '<p>Passes, single games and subscriptions are described, with their prices, on the <a href="/packages">packages page</a>. Prices are in US dollars and include any service fee shown at checkout. A pass gives access only to the games, sports or teams it names, for the period it states.</p>',
        '<p><strong>All sales are final, with no refunds.</strong> A game that is postponed is available when it is played; a game you miss stays available as a replay in the video library.</p>',
        '<h2>Free trials</h2>',
        '<p>Some subscriptions start with a free trial. Your card is charged automatically at the end of the trial unless you cancel the auto-renewal before the trial ends.</p>',
        '<h2>Automatic renewal</h2>',
        '<p>Subscriptions renew automatically at the end of each period (every 30 days for monthly plans, every 12 months for annual plans) and are charged to the card you used. You can cancel the auto-renewal at any time from the <a href="/packages">packages page</a>; you keep access until the end of the period you already paid for.</p>',
        '<h2>Clips</h2>',
        '<p>Clips you make are for your personal, non-commercial use. When you share a clip, anyone with the link can watch it. Do not use clips to rebroadcast a game or in a way that suggests a school or conference endorses you. We may remove a clip that breaks these terms.</p>',
        '<h2>Geographic restrictions</h2>',
        '<p>Some games are licensed for the United States only and are not available in other countries. Do not use tools that hide your location to get around these restrictions.</p>',
        '<h2>Conduct</h2>',
        '<p>Do not record, copy or redistribute streams, interfere with the service, or try to reach accounts or content you have not paid for. We may suspend or close an account that breaks these rules, without a refund.</p>',
        '<h2>Changes</h2>',
        '<p>We may update these terms, for example when we add new features or passes. The date at the top of this page shows the latest version, and continuing to use Summit after a change means you accept it. Questions are welcome through the <a href="/contacts">contact page</a>.</p>',
      ].join('\n'),
    },
    {
      name: 'Passes',
      alias: 'passes',
      url: '/passes',
      altName: 'Passes and subscriptions on Summit',
      content: [
        '<h2>Find the right pass</h2>',
        '<p>Everything on Summit starts with a free account and a basic pass. From there, buy only what you want to watch. Every option is on the <a href="/packages">packages page</a>.</p>',
        '<h3>Basic passes (free)</h3>',
        '<ul>',
        '<li><strong>Free Basic Pass 2023-24:</strong> browse the schedule and watch every free game of the season.</li>',
        '<li><strong>Registered Fan Pass 2023-24:</strong> everything in the Free Basic Pass, plus game reminders, favorites and the weekly newsletter.</li>',
        '</ul>',
        '<h3>Season passes</h3>',
        "<p>The <strong>Hockey Season Pass</strong> covers every men's and women's hockey game on Summit for twelve months, live and on replay.</p>",
        '<h3>Team passes</h3>',
        "<p>With the <strong>Men's Hockey Team Pass</strong>, pick the Northfield Huskies, the Lakeshore Lakers or the Iron Range Miners and watch all of that team's men's hockey games for twelve months.</p>",
        '<h3>Pay-per-view</h3>',
        "<p>Buy a single game from its page, or get the <strong>Men's Basketball Pay-Per-View Pack</strong> for every pay-per-view men's basketball game of the season in one purchase.</p>",
        '<h3>Subscriptions</h3>',
        '<ul>',
        '<li><strong>All-Access Monthly:</strong> every game on Summit, live and on replay. The first 7 days are free, then it renews every 30 days.</li>',
        '<li><strong>All-Access Annual:</strong> every game for a full year, for the price of ten months.</li>',
        '</ul>',
        '<p>Subscriptions renew automatically; cancel the auto-renewal any time from the <a href="/packages">packages page</a>. If you cancel during the free trial, you pay nothing.</p>',
        '<p><em>All sales are final, with no refunds.</em> Payments are made by card through Stripe.</p>',
      ].join('\n'),
    },
  ],

  faq: [
    {
      question: 'How do I watch a live game?',
      answer:
        'Create a free account, choose your basic pass, then open any game marked LIVE on the schedule. Free games play right away; paid games ask you to buy a single-game ticket or a pass first.',
    },
    {
      question: 'What is the difference between the Free Basic Pass and the Registered Fan Pass?',
      answer:
        'Both are free for the 2023-24 season. The Free Basic Pass lets you browse and watch free games; the Registered Fan Pass adds game reminders, favorites and the newsletter.',
    },
    {
      question: 'Can I get a refund if I miss a game?',
      answer:
        'All sales are final, with no refunds. Every game you buy stays available as a replay in the video library, so you can still watch it later.',
    },
    {
      question: 'Why does a video say it is not available in my region?',
      answer:
        'Some games are licensed for the United States only. If you are traveling, the game will be available again once you are back home.',
    },
    {
      question: 'Which devices are supported?',
      answer:
        'Any recent version of Chrome, Firefox, Safari or Edge on desktop, tablet or phone. For the best picture, use a connection of at least 5 Mbps.',
    },
    {
      question: 'Can I make clips of a game?',
      answer:
        'Yes, with a pass that includes clipping. Open the game, choose Clip, mark the start and length, and add at least one tag. Clips are ready within 5 minutes and can be shared or downloaded.',
    },
    {
      question: 'How do I contact support?',
      answer:
        'Use the form on the contact page and include the game and the device you were using. Contact requests are reviewed within 5 business days.',
    },
  ],

  staticBlocks: {
    'footer:copyright': '© {year} Summit Sports Network. All rights reserved.',
    'footer:about': 'Summit Sports Network is the streaming home of North Conference and Great Lakes League athletics.',
    'header:announcement': 'Hockey season is here: the Huskies host the Miners this weekend, live on Summit.',
    'home:hero_title': 'Every game. Every school. Live.',
    'home:hero_subtitle': 'College hockey, basketball, football, soccer and volleyball from across the North Country.',
    'passes:intro': 'Pick the pass that fits your season. All sales are final, with no refunds.',
    'contacts:email': 'support@summit-sports.example.com',
    'contacts:phone': '+1 (612) 555-0142',
    'contacts:address': 'Summit Sports Network, 1200 Campus Drive, Suite 300, Northfield, MN 55057, USA',
    'contacts:hours': 'Our support team answers Monday to Friday, 9 a.m. to 6 p.m. Central Time, and on game days until the final whistle.',
  },

  slides: [
    { target: { type: 'main' }, title: 'Hockey Night in Northfield', subtitle: 'The Huskies and Miners drop the puck live this weekend', link: '/upcoming' },
    { target: { type: 'main' }, title: 'Season passes on sale', subtitle: 'Every North Conference game for one price', link: '/packages' },
    { target: { type: 'category', category: 'hockey' }, title: 'College Hockey', subtitle: "Men's and women's games every week", link: '/upcoming?sport=hockey' },
    { target: { type: 'participant', team: 'lakeshore-lakers-mens-basketball' }, title: 'Lakers Basketball', subtitle: 'Follow the Lakers all season long', link: '/upcoming?team=lakeshore-lakers-mens-basketball' },
    { target: { type: 'group', group: 'northfield-university' }, title: 'Northfield University', subtitle: 'All Huskies sports in one place', link: '/?group=northfield-university' },
  ],

  prerolls: [
    { weight: 5, location: 'northfield', forLive: true, forVod: true },
    { weight: 3, categories: ['mens-hockey', 'womens-hockey'], forLive: true, forVod: true },
    { weight: 1, forLive: false, forVod: true },
  ],

  passesForm: {
    name: 'Choose your basic pass',
    fields: [
      {
        name: 'basic_pass',
        label: 'Basic pass',
        type: 'select',
        required: true,
        options: [
          { value: 'free-basic-2023-24', label: 'Free Basic Pass 2023-24' },
          { value: 'register-basic-2023-24', label: 'Registered Fan Pass 2023-24' },
        ],
      },
      { name: 'newsletter', label: 'Send me the weekly Summit newsletter', type: 'checkbox', required: false, options: [] },
    ],
  },

  vodCategories: [
    { alias: 'highlights', name: 'Highlights' },
    { alias: 'hockey-highlights', name: 'Hockey Highlights', parent: 'highlights' },
    { alias: 'features', name: 'Features & Interviews' },
  ],

  vodMedia: [
    { key: 'v1', title: 'Lakers @ Huskies: Extended Highlights', description: 'Nine minutes of the best of a five-goal night in Northfield.', category: 'hockey-highlights', event: 'f1', durationSeconds: 540 },
    { key: 'v2', title: 'Miners @ Huskies Football Recap', description: 'Every touchdown and the fourth-quarter goal-line stand.', category: 'highlights', event: 'f2', durationSeconds: 420 },
    { key: 'v3', title: 'Lakers Power-Play Goals of the Month', description: 'Lakeshore State leads the conference with the man advantage. Here is how.', category: 'hockey-highlights', daysAgo: 5, durationSeconds: 180 },
    { key: 'v4', title: "Coach's Corner: Northfield Women's Hockey", description: 'A sit-down with the Huskies bench boss on building a contender.', category: 'features', daysAgo: 9, durationSeconds: 600 },
    { key: 'v5', title: 'Foxes @ Lakers: The Final Five Minutes', description: 'A back-and-forth finish at Lakeshore Fieldhouse, uncut.', category: 'highlights', event: 'f4', durationSeconds: 300 },
    { key: 'v6', title: 'Top 10 Saves of the Season', description: 'Glove saves, paddle saves and one unbelievable diving stop.', category: 'hockey-highlights', daysAgo: 12, durationSeconds: 240 },
    { key: 'v7', title: 'Huskies @ Foxes: Match Point', description: 'The rally that decided the fifth set in Eau Claire.', category: 'highlights', event: 'f6', durationSeconds: 90 },
    { key: 'v8', title: 'Student-Athlete Spotlight: Iron Range Soccer', description: 'Meet the engineering majors who anchor the Miners back line.', category: 'features', daysAgo: 3, durationSeconds: 360 },
    { key: 'v9', title: 'Miners @ Lakers Hockey Highlights', description: 'Overtime drama on the shores of Lake Michigan.', category: 'hockey-highlights', event: 'f7', durationSeconds: 480 },
    { key: 'v10', title: 'Media Day Roundtable', description: 'Conference coaches make their bold predictions for the season.', category: 'features', event: 'f9', durationSeconds: 600 },
    { key: 'v11', title: 'Lakers @ Foxes: Buzzer Beater', description: 'One shot, 0.8 seconds on the clock.', category: 'highlights', event: 'f10', durationSeconds: 60 },
    { key: 'v12', title: 'Huskies @ Miners Hockey Recap', description: 'All the goals from a physical road win for Northfield.', category: 'hockey-highlights', event: 'f11', durationSeconds: 450 },
  ],

  vodRails: [
    { title: 'Latest Highlights', items: ['v12', 'v11', 'v9', 'v7', 'v5'] },
    { title: 'Hockey Zone', items: ['v1', 'v3', 'v6', 'v9', 'v12'] },
    { title: 'Features & Interviews', items: ['v4', 'v8', 'v10', 'v2'] },
  ],

  viewers: {
    fan: { firstName: 'Jordan', lastName: 'Miller' },
    basic: { firstName: 'Casey', lastName: 'Nguyen' },
    blocked: { firstName: 'Alex', lastName: 'Brooks' },
  },
  fanFavorites: { team: 'northfield-huskies-mens-hockey', group: 'lakeshore-state-university' },

  commerce: {
    passes: [
      {
        name: 'Free Basic Pass 2023-24',
        description: 'Browse the schedule and watch every free game of the 2023-24 season.',
        type: 'free',
        price: { basePrice: 0, serviceFee: 0 },
        offer: 'other',
      },
      {
        name: 'Registered Fan Pass 2023-24',
        description: 'Free with your account: every free game, plus game reminders, favorites and the weekly newsletter.',
        type: 'register',
        price: { basePrice: 0, serviceFee: 0 },
        offer: 'other',
      },
      {
        name: 'Hockey Season Pass',
        description: "Every men's and women's hockey game on Summit for twelve months, live and on replay.",
        type: 'paid',
        price: { basePrice: 4999, serviceFee: 250 },
        categories: ['hockey'],
        offer: 'annual',
        period: 'annual',
      },
      {
        name: "Men's Basketball Pay-Per-View Pack",
        description: "Every pay-per-view men's basketball game of the season in one purchase.",
        type: 'ppv',
        price: { basePrice: 2499, serviceFee: 150 },
        categories: ['mens-basketball'],
        offer: 'other',
      },
      {
        name: "Men's Hockey Team Pass",
        description: "Pick your team and watch all of its men's hockey games for twelve months.",
        type: 'paid',
        price: { basePrice: 2999, serviceFee: 150 },
        categories: ['mens-hockey'],
        teams: ['northfield-huskies-mens-hockey', 'lakeshore-lakers-mens-hockey', 'iron-range-miners-mens-hockey'],
        offer: 'annual',
        period: 'annual',
      },
    ],
    subscriptions: [
      {
        name: 'All-Access Monthly',
        description: 'Every game on Summit, live and on replay. The first 7 days are free; billed every 30 days after that. Cancel any time.',
        price: { basePrice: 1299, serviceFee: 0 },
        offer: 'other',
        period: 'monthly',
        trialDays: 7,
      },
      {
        name: 'All-Access Annual',
        description: 'Every game on Summit for a full year, for the price of ten months.',
        price: { basePrice: 12990, serviceFee: 0 },
        offer: 'annual',
        period: 'annual',
        trialDays: 0,
      },
    ],
    coupons: [
      { code: 'WELCOME10', discountType: 'percent', discount: 10, appliesTo: 'all' },
      { code: 'PASS5', discountType: 'amount', discount: 500, appliesTo: 'package' },
      { code: 'SUBSCRIBE20', discountType: 'percent', discount: 20, appliesTo: 'subscription' },
      { code: 'STAFFPASS', discountType: 'percent', discount: 100, appliesTo: 'package', maxRedemptions: 50 },
      { code: 'SPRING2023', discountType: 'percent', discount: 50, appliesTo: 'all', expiresInDays: -30 },
    ],
    fanPurchase: 'f1',
    singleEventName: '{event}: single game',
  },
};
