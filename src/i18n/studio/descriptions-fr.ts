/**
 * The statecharts studio’s machine descriptions in French, for the French-speaking channel: each key is an English
 * description exactly as written in machines/<name>/<name>.machine.ts (a machine’s own, a state’s or a transition’s),
 * each value its French. Grouped by machine, in registry order; a description two machines share appears once, under
 * the first. tests/src/studio-descriptions.test.ts checks that every description has its French here and that nothing
 * here is left over, so a description changed in a machine needs its French changed with it.
 */
export const descriptionsFr: Readonly<Record<string, string>> = {
  // analytics-session
  'The analytics session of this visitor, set up once the app has mounted: reused from storage while it is younger than 24 hours, otherwise created with the analytics service and stored for 24 hours. Every page view and video report is sent with it; those that come earlier wait for it. Failures only turn analytics off.':
    'La session d’analytique de ce visiteur, mise en place une fois l’app montée : reprise du stockage tant qu’elle a moins de 24 heures, sinon créée auprès du service d’analytique et conservée 24 heures. Chaque page vue et chaque rapport vidéo est envoyé avec elle ; ceux qui arrivent avant l’attendent. Un échec ne fait que désactiver l’analytique.',
  'The app is starting: analytics begins once it has mounted.': 'L’app démarre : l’analytique commence une fois qu’elle est montée.',
  'Reading a stored session.': 'Lecture d’une session conservée.',
  'Asking the analytics service for a session hash and registering the session.':
    'Demande d’un hash de session au service d’analytique, puis enregistrement de la session.',
  'Keeping the new session for 24 hours.': 'Conservation de la nouvelle session pour 24 heures.',
  'Page views and video reports are sent with this session; those that waited for it on arrival, oldest first.':
    'Les pages vues et les rapports vidéo sont envoyés avec cette session ; ceux qui l’attendaient partent dès son arrivée, du plus ancien au plus récent.',
  'Analytics is off until the next page load: page views and video reports are dropped.':
    'L’analytique est désactivée jusqu’au prochain chargement de la page : les pages vues et les rapports vidéo sont abandonnés.',
  'A list of events was shown, or shows other items (another page, other filters): view_item_list goes to the tag manager.':
    'Une liste d’événements s’affiche, ou affiche d’autres éléments (une autre page, d’autres filtres) : view_item_list part vers le gestionnaire de balises.',
  'The app mounted: initialise analytics.': 'L’app est montée : l’analytique s’initialise.',
  'Sent before the session is ready: it waits for it (the latest 10 are kept).':
    'Une page vue envoyée avant que la session soit prête : elle l’attend (les 10 plus récentes sont gardées).',
  'A stored session younger than 24 hours is reused.': 'Une session conservée depuis moins de 24 heures est réutilisée.',
  'None is stored, or it expired.': 'Aucune session n’est conservée, ou elle a expiré.',
  'Storage could not be read: start a new session.': 'Le stockage n’a pas pu être lu : une nouvelle session commence.',
  'The service answered with a new session.': 'Le service a répondu avec une nouvelle session.',
  'The service failed, or the channel has no analytics: the waiting reports are dropped and errors swallowed.':
    'Le service a échoué, ou la chaîne n’a pas d’analytique : les rapports en attente sont abandonnés et les erreurs ignorées.',
  'Stored.': 'Conservée.',
  'Storage refused it: the session lives for this page only.': 'Le stockage l’a refusée : la session ne vit que le temps de cette page.',
  'Sent at once with the session.': 'Une page vue est envoyée aussitôt avec la session.',
  'The session reached its 24 hours: start a new one.': 'La session a atteint ses 24 heures : une nouvelle commence.',
  // app-load
  'Starting the app: the channel key and an API key, then the channel settings, menu, colours, pages, geo data, categories, participants, groups, and the profile and access of a logged-in viewer, all in one request. A loader shows meanwhile. The app then mounts with what arrived and the analytics tracker starts. If no API key can be had, the reload screen shows instead.':
    'Le démarrage de l’app : la clé de la chaîne et une clé d’API, puis, en une seule requête, les paramètres de la chaîne, le menu, les couleurs, les pages, les données géographiques, les catégories, les participants, les groupes, ainsi que le profil et les accès d’un spectateur connecté. Un indicateur de chargement s’affiche pendant ce temps. L’app se monte ensuite avec ce qui est arrivé et le suivi analytique démarre. Si aucune clé d’API ne peut être obtenue, c’est l’écran de rechargement qui s’affiche.',
  'Step 1 and 2: the channel key (from the build configuration, storage or the keys file), then an API key for it. A key kept from an earlier visit is used as it is.':
    'Étapes 1 et 2 : la clé de la chaîne (tirée de la configuration du build, du stockage ou du fichier de clés), puis une clé d’API pour elle. Une clé gardée d’une visite précédente est utilisée telle quelle.',
  'Step 3: profile, channel settings, menu, colours, pages, geo data, categories, participants, groups and user access, in one request. Each part settles on its own; a failed part is retried once by the client.':
    'Étape 3 : profil, paramètres de la chaîne, menu, couleurs, pages, données géographiques, catégories, participants, groupes et accès de l’utilisateur, en une seule requête. Chaque partie aboutit de son côté ; le client relance une fois une partie en échec.',
  'Step 4: the calls have settled, so the app is rendered; waiting for it to report that it mounted.':
    'Étape 4 : les appels ont abouti, l’app s’affiche donc ; on attend qu’elle signale qu’elle est montée.',
  "Starting the analytics tracker with the channel's tag-manager and product-analytics settings.":
    'Démarrage du suivi analytique avec les paramètres de gestionnaire de balises et d’analytique produit de la chaîne.',
  'The app is loaded and in use.': 'L’app est chargée et en cours d’utilisation.',
  'No usable key: the reload screen shows instead of the app. Only reloading the page (from the reload screen) starts again.':
    'Aucune clé utilisable : l’écran de rechargement s’affiche à la place de l’app. Seul un rechargement de la page (depuis cet écran) fait tout recommencer.',
  'An API key is in place.': 'Une clé d’API est en place.',
  'The channel key was unknown (the client cleared both stored keys) or the API-key call failed, also on its retry; either way the client raised the key error.':
    'La clé de la chaîne était inconnue (le client a effacé les deux clés conservées) ou l’appel de clé d’API a échoué, y compris à sa nouvelle tentative ; dans les deux cas, le client a levé l’erreur de clé.',
  'The channel key was refused: the client cleared both stored keys and raised the key error.':
    'La clé de la chaîne a été refusée : le client a effacé les deux clés conservées et levé l’erreur de clé.',
  'The API key was refused even after the client forgot it, reset the user and retried once after 1000 ms with a fresh key: no usable key, so the key error is raised.':
    'La clé d’API a été refusée même après que le client l’a oubliée, a réinitialisé l’utilisateur et a réessayé une fois après 1000 ms avec une clé neuve : aucune clé utilisable, l’erreur de clé est donc levée.',
  'Every part has settled. A 401 for profile and access only means nobody is logged in; a 429 or a crash status among the parts becomes the global error; other failed parts are left out.':
    'Toutes les parties ont abouti. Un 401 sur le profil et les accès signifie seulement que personne n’est connecté ; un 429 ou un statut de plantage parmi les parties devient l’erreur globale ; les autres parties en échec sont laissées de côté.',
  'The startup request could not be made at all: the app mounts with its defaults.':
    'La requête de démarrage n’a pas pu être faite du tout : l’app se monte avec ses valeurs par défaut.',
  'The app mounted: start the analytics tracker.': 'L’app est montée : le suivi analytique démarre.',
  'The tracker is running.': 'Le suivi analytique fonctionne.',
  'The tracker failed to start: analytics errors are swallowed.': 'Le suivi analytique n’a pas pu démarrer : les erreurs d’analytique sont ignorées.',
  // calendar
  'The schedule calendar: the events list starts from now, or from the day after the timestamp the viewer chose; while scrolling, the list may reach its start and its end. Choosing another day or resetting starts the list afresh.':
    'Le calendrier de l’horaire : la liste des événements part de maintenant, ou du lendemain de l’horodatage choisi par le spectateur ; au fil du défilement, la liste peut atteindre son début et sa fin. Choisir un autre jour ou réinitialiser fait repartir la liste à neuf.',
  'Where the list starts.': 'Le point de départ de la liste.',
  'No day chosen: the list starts from the current time.': 'Aucun jour choisi : la liste part de l’heure actuelle.',
  'A day is chosen: the list starts one day after its timestamp.': 'Un jour est choisi : la liste part un jour après son horodatage.',
  'Whether earlier events remain to be loaded.': 'S’il reste des événements antérieurs à charger.',
  'Earlier events may remain.': 'Il reste peut-être des événements antérieurs.',
  'The first event of the list is loaded: nothing earlier.': 'Le premier événement de la liste est chargé : rien avant.',
  'Whether later events remain to be loaded.': 'S’il reste des événements ultérieurs à charger.',
  'Later events may remain.': 'Il reste peut-être des événements ultérieurs.',
  'The last event of the list is loaded: nothing later.': 'Le dernier événement de la liste est chargé : rien après.',
  'The viewer picks a day: the list starts at that timestamp plus 86400 seconds.':
    'Le spectateur choisit un jour : la liste part de cet horodatage plus 86400 secondes.',
  'The viewer clears the chosen day.': 'Le spectateur efface le jour choisi.',
  'A new day gives a new list, which may have earlier events.': 'Un nouveau jour donne une nouvelle liste, qui peut avoir des événements antérieurs.',
  'A new list may have earlier events.': 'Une nouvelle liste peut avoir des événements antérieurs.',
  'The list loaded its earliest event.': 'La liste a chargé son événement le plus ancien.',
  'A new day gives a new list, which may have later events.': 'Un nouveau jour donne une nouvelle liste, qui peut avoir des événements ultérieurs.',
  'A new list may have later events.': 'Une nouvelle liste peut avoir des événements ultérieurs.',
  'The list loaded its latest event.': 'La liste a chargé son événement le plus récent.',
  // global-error
  "One error shown over the whole app when the service is overloaded (too many requests: try again in a few seconds) or fails (please refresh the page). A newer error replaces the one shown; the viewer can close it, and clearing the app's errors hides it.":
    'Une seule erreur affichée par-dessus toute l’app quand le service est surchargé (trop de requêtes : réessayer dans quelques secondes) ou en panne (actualiser la page). Une erreur plus récente remplace celle affichée ; le spectateur peut la fermer, et l’effacement des erreurs de l’app la masque.',
  'No global error: the app shows as usual.': 'Aucune erreur globale : l’app s’affiche normalement.',
  'The error is shown over the app.': 'L’erreur s’affiche par-dessus l’app.',
  'A request was throttled or the service failed: show the error.': 'Une requête a été limitée ou le service a échoué : l’erreur s’affiche.',
  'A newer error replaces the one shown.': 'Une erreur plus récente remplace celle affichée.',
  'The viewer closes the error.': 'Le spectateur ferme l’erreur.',
  "The app's errors are cleared.": 'Les erreurs de l’app sont effacées.',
  // reload-screen
  'The screen shown when the app cannot get a usable key: an error and a reload button. The button stays disabled for 60 seconds, counting down each second, and while a new key is being requested; once a key arrives the page reloads. Clearing the errors hides the screen.':
    'L’écran affiché quand l’app ne peut pas obtenir de clé utilisable : une erreur et un bouton de rechargement. Le bouton reste désactivé pendant 60 secondes, avec un compte à rebours seconde par seconde, ainsi que pendant la demande d’une nouvelle clé ; dès qu’une clé arrive, la page se recharge. L’effacement des erreurs masque l’écran.',
  'No key error: the app shows as usual.': 'Aucune erreur de clé : l’app s’affiche normalement.',
  'The error and the reload button.': 'L’erreur et le bouton de rechargement.',
  'The button is disabled and shows the seconds left.': 'Le bouton est désactivé et affiche les secondes restantes.',
  'The button can be pressed.': 'Le bouton peut être utilisé.',
  'Clearing the stored keys and asking for new ones; the button is disabled meanwhile.':
    'Effacement des clés conservées et demande de nouvelles clés ; le bouton est désactivé pendant ce temps.',
  'The page is reloading.': 'La page se recharge.',
  'A key error: show the screen and lock the button for 60 seconds.':
    'Une erreur de clé : l’écran s’affiche et le bouton est verrouillé pendant 60 secondes.',
  'Another key error: show it; the countdown goes on.': 'Une autre erreur de clé : elle s’affiche ; le compte à rebours continue.',
  'The errors are cleared.': 'Les erreurs sont effacées.',
  'The last second has passed: the button unlocks.': 'La dernière seconde est écoulée : le bouton se déverrouille.',
  'One second less.': 'Une seconde de moins.',
  'The viewer presses reload: ask for a new key.': 'Le spectateur appuie sur Recharger : une nouvelle clé est demandée.',
  'A key arrived: reload the page.': 'Une clé est arrivée : la page se recharge.',
  'No key again: lock the button for another 60 seconds.': 'Toujours pas de clé : le bouton est verrouillé pour 60 secondes de plus.',
  // resource
  'Something the viewer waits for (a channel page, an event, a list): it loads, then shows, or shows an error with a retry button. Asking for something else loads that instead.':
    'Quelque chose que le spectateur attend (une page de la chaîne, un événement, une liste) : le chargement, puis l’affichage, ou une erreur avec un bouton Réessayer. Demander autre chose charge cette autre chose à la place.',
  'Reading; the view shows that it is loading.': 'Lecture en cours ; la vue indique le chargement.',
  'Shown.': 'Affiché.',
  'The view shows what went wrong and a retry button.': 'La vue indique ce qui n’a pas fonctionné et propose un bouton Réessayer.',
  'The view now shows something else (another page, other filters): load that.':
    'La vue montre désormais autre chose (une autre page, d’autres filtres) : cette chose est chargée.',
  'The read failed (after the client’s own retry).': 'La lecture a échoué (après la nouvelle tentative du client lui-même).',
  'Try again.': 'Nouvel essai.',
  // session
  'Who the viewer is. Anonymous visitors log in, register or come back from a social login; the profile, access and passes form then load. A viewer with a temporary password must change it first; one without a basic pass is sent to the packages. Logout is allowed only when the passes form allows it, and it fetches a new API key.':
    'Qui est le spectateur. Les visiteurs anonymes se connectent, s’inscrivent ou reviennent d’une connexion par réseau social ; le profil, les accès et le formulaire des laissez-passer se chargent ensuite. Un spectateur avec un mot de passe temporaire doit d’abord le changer ; celui qui n’a pas de laissez-passer de base est envoyé vers les forfaits. La déconnexion n’est permise que si le formulaire des laissez-passer l’autorise, et elle obtient une nouvelle clé d’API.',
  'Looking for the token kept from an earlier visit.': 'Recherche du jeton gardé d’une visite précédente.',
  'A visitor: can browse, log in, register or reset a password.':
    'Un visiteur : il peut naviguer, se connecter, s’inscrire ou réinitialiser un mot de passe.',
  'The form is checked against SPEC §5 before anything is sent.': 'Le formulaire est vérifié selon la SPEC §5 avant tout envoi.',
  'POST v2/auth/login with the email and password.': 'POST v2/auth/login avec le courriel et le mot de passe.',
  'POST v2/auth/register with the registration form.': 'POST v2/auth/register avec le formulaire d’inscription.',
  "POST v2/auth/social/{provider} with the provider's access token.": 'POST v2/auth/social/{provider} avec le jeton d’accès du fournisseur.',
  "POST auth/add_session with the social callback's hand-off code.":
    'POST auth/add_session avec le code de transfert du retour de connexion sociale.',
  'A logged-in viewer: profile, orders, clips, favourites, saved cards and purchases.':
    'Un spectateur connecté : profil, commandes, extraits, favoris, cartes enregistrées et achats.',
  'Loading the profile, the user access and the passes custom form.':
    'Chargement du profil, des accès de l’utilisateur et du formulaire personnalisé des laissez-passer.',
  'The profile is known; the navigation rules follow from it.': 'Le profil est connu ; les règles de navigation en découlent.',
  'Which navigation rule applies.': 'Quelle règle de navigation s’applique.',
  'The password is temporary: the viewer is kept on /profile/edit until it is changed.':
    'Le mot de passe est temporaire : le spectateur reste sur /profile/edit tant qu’il ne l’a pas changé.',
  'No basic pass selected: every route but privacy, terms, packages, buy and select-package leads to the packages.':
    'Aucun laissez-passer de base choisi : toutes les routes sauf confidentialité, conditions, forfaits, achat et choix de forfait mènent aux forfaits.',
  'Free to go anywhere.': 'Libre d’aller partout.',
  'POST auth/logout.': 'POST auth/logout.',
  'Clearing the stored keys and fetching a new API key for the anonymous visitor.':
    'Effacement des clés conservées et obtention d’une nouvelle clé d’API pour le visiteur anonyme.',
  'Nobody is logged in: refused with "user can\'t be logged out".': 'Personne n’est connecté : refusé avec "user can\'t be logged out".',
  'A token was kept: the viewer is still logged in; load the profile.':
    'Un jeton a été gardé : le spectateur est toujours connecté ; le profil se charge.',
  'No token kept.': 'Aucun jeton gardé.',
  'Storage could not be read: start anonymous.': 'Le stockage n’a pas pu être lu : départ en anonyme.',
  'An email (or a login-like text) and a password: checked first.':
    'Un courriel (ou un texte de type identifiant) et un mot de passe : vérifiés d’abord.',
  'The registration form: checked first (SPEC §5, the terms accepted).':
    'Le formulaire d’inscription : vérifié d’abord (SPEC §5, conditions acceptées).',
  "Back from Google or Facebook with the provider's access token.": 'Retour de Google ou de Facebook avec le jeton d’accès du fournisseur.',
  'Back from the social callback with its one-time hand-off code.': 'Retour de la connexion sociale avec son code de transfert à usage unique.',
  'The login form is complete: send it.': 'Le formulaire de connexion est complet : il est envoyé.',
  'The registration form passes every rule: send it.': 'Le formulaire d’inscription respecte toutes les règles : il est envoyé.',
  'A field breaks a SPEC §5 rule (or the terms are not accepted: "Please accept terms & conditions"): each field says why, nothing is sent.':
    'Un champ enfreint une règle de la SPEC §5 (ou les conditions ne sont pas acceptées : "Please accept terms & conditions") : chaque champ dit pourquoi, rien n’est envoyé.',
  'The checks could not load (the network went away): the form says something went wrong.':
    'Les vérifications n’ont pas pu se charger (le réseau a disparu) : le formulaire indique qu’une erreur s’est produite.',
  'Signed in: keep the token, load the profile, and go back to the page the viewer was on.':
    'Connecté : le jeton est gardé, le profil se charge et le spectateur retourne à la page où il était.',
  'Refused or failed: the form shows why.': 'Refusé ou en échec : le formulaire indique pourquoi.',
  'Registered and signed in: keep the token, load the profile, and show the verification notice.':
    'Inscrit et connecté : le jeton est gardé, le profil se charge et l’avis de vérification s’affiche.',
  'The passes form allows logout.': 'Le formulaire des laissez-passer autorise la déconnexion.',
  'The passes-form flag is not set (or not loaded yet): "user can\'t be logged out".':
    'L’indicateur du formulaire des laissez-passer n’est pas activé (ou pas encore chargé) : "user can\'t be logged out".',
  'The API no longer accepts the token (a 401) or the API key was replaced: the user is reset.':
    'L’API n’accepte plus le jeton (un 401) ou la clé d’API a été remplacée : l’utilisateur est réinitialisé.',
  'Something the profile depends on changed (a passes form was submitted): load it again.':
    'Un élément dont dépend le profil a changé (un formulaire des laissez-passer a été envoyé) : il est rechargé.',
  'Loaded; a channel without a passes form has no flag.': 'Chargé ; une chaîne sans formulaire des laissez-passer n’a pas d’indicateur.',
  'The profile failed to load: the user is cleared.': 'Le profil n’a pas pu se charger : l’utilisateur est effacé.',
  'The viewer edited the profile (a new password ends the temporary one).':
    'Le spectateur a modifié son profil (un nouveau mot de passe met fin au mot de passe temporaire).',
  'A temporary password comes first: it must be changed.': 'Un mot de passe temporaire passe en premier : il doit être changé.',
  'No basic pass selected yet.': 'Aucun laissez-passer de base choisi pour l’instant.',
  'No rule holds the viewer back.': 'Aucune règle ne retient le spectateur.',
  'Logged out: forget the user and the token.': 'Déconnecté : l’utilisateur et le jeton sont oubliés.',
  'The API could not be told; the viewer is logged out on this device anyway.':
    'L’API n’a pas pu être prévenue ; le spectateur est tout de même déconnecté sur cet appareil.',
  'A new API key is in place.': 'Une nouvelle clé d’API est en place.',
  'No new key: the client raised the key error, and the reload screen takes over.':
    'Pas de nouvelle clé : le client a levé l’erreur de clé, et l’écran de rechargement prend le relais.',
  // toast
  'Short messages for the viewer, shown one at a time in the order they were sent. Each stays for its own time (5 seconds unless the sender says otherwise) or until the viewer closes it.':
    'De courts messages pour le spectateur, affichés un à la fois dans l’ordre de leur envoi. Chacun reste affiché pendant sa propre durée (5 secondes, sauf indication contraire de l’expéditeur) ou jusqu’à ce que le spectateur le ferme.',
  'No toast on screen and none waiting.': 'Aucun toast à l’écran, aucun en attente.',
  'The first toast of the queue is on screen; the others wait their turn.':
    'Le premier toast de la file est à l’écran ; les autres attendent leur tour.',
  'A toast has just left: show the next one, if any.': 'Un toast vient de partir : le suivant s’affiche, s’il y en a un.',
  'A message arrives: it is shown at once.': 'Un message arrive : il s’affiche aussitôt.',
  'Another message waits its turn, unless a toast with the same id is already queued.':
    'Un autre message attend son tour, sauf si un toast avec le même identifiant est déjà dans la file.',
  'The viewer closes the toast on screen.': 'Le spectateur ferme le toast affiché.',
  'A waiting toast is withdrawn before it was shown.': 'Un toast en attente est retiré avant d’avoir été affiché.',
  "The shown toast's time is up: it leaves.": 'Le temps du toast affiché est écoulé : il part.',
  'Another toast is waiting.': 'Un autre toast attend.',
  'The queue is empty.': 'La file est vide.',
  // clip-creation
  'The viewer cuts a clip from the event they watch (with the clipping capability): a name, a start, a length and at least one tag (DEFAULT to begin with). The clip it sends is followed by its clip child until it is processed (then shared, downloaded or deleted) or failed; their latest clip of the event is picked up again.':
    'Le spectateur découpe un extrait de l’événement qu’il regarde (s’il a la capacité de créer des extraits) : un nom, un début, une durée et au moins une étiquette (DEFAULT au départ). L’extrait envoyé est suivi par son acteur enfant d’extrait jusqu’à ce qu’il soit traité (puis partagé, téléchargé ou supprimé) ou en échec ; le dernier extrait du spectateur pour cet événement est repris.',
  'Who the viewer is and what they cut before decide where the panel begins.':
    'Qui est le spectateur et ce qu’il a déjà découpé décident où le panneau commence.',
  'The viewer is told their pass does not include clipping, and where to find one that does.':
    'Le spectateur apprend que son laissez-passer n’inclut pas la création d’extraits, et où en trouver un qui l’inclut.',
  'The viewer fills in the clip form.': 'Le spectateur remplit le formulaire d’extrait.',
  'Sending the clip to be cut.': 'Envoi de l’extrait à découper.',
  'The clip child follows the clip: queued (up to 5 minutes), then processed (share, download, delete) or failed.':
    'L’acteur enfant suit l’extrait : en file d’attente (jusqu’à 5 minutes), puis traité (partager, télécharger, supprimer) ou en échec.',
  'The clip could not be made.': 'L’extrait n’a pas pu être créé.',
  'The clip is deleted.': 'L’extrait est supprimé.',
  'Their pass does not include clipping.': 'Son laissez-passer n’inclut pas la création d’extraits.',
  'They cut a clip of this event before (still queued, or ready): follow it again.':
    'Il a déjà découpé un extrait de cet événement (encore en file d’attente, ou prêt) : on le suit de nouveau.',
  'Nothing to pick up: an empty form.': 'Rien à reprendre : un formulaire vide.',
  'The viewer changes fields; their messages go away until the next submit.':
    'Le spectateur modifie des champs ; leurs messages disparaissent jusqu’au prochain envoi.',
  'The form is complete: the clip is sent.': 'Le formulaire est complet : l’extrait est envoyé.',
  'Refused with a message per field: "Please fill in the input field" (no name), "Please select tag" (no tag), "Your clip duration is longer than the end time".':
    'Refusé avec un message par champ : "Please fill in the input field" (pas de nom), "Please select tag" (pas d’étiquette), "Your clip duration is longer than the end time".',
  'The clip is queued: follow it.': 'L’extrait est en file d’attente : on le suit.',
  'The server refused some fields: their messages are shown on the form.':
    'Le serveur a refusé certains champs : leurs messages s’affichent sur le formulaire.',
  'Any other failure: "Something went wrong. Please try again or contact technical support".':
    'Tout autre échec : "Something went wrong. Please try again or contact technical support".',
  "Cut another clip from an empty form; this one stays in the viewer's clips.":
    'Découper un autre extrait à partir d’un formulaire vide ; celui-ci reste dans les extraits du spectateur.',
  'The viewer deleted the clip.': 'Le spectateur a supprimé l’extrait.',
  'The clip could not be made (the server failed it, or it was still queued after 5 minutes).':
    'L’extrait n’a pas pu être créé (le serveur l’a mis en échec, ou il était encore en file d’attente après 5 minutes).',
  'Following the clip broke down.': 'Le suivi de l’extrait a échoué de façon inattendue.',
  'Back to the form with the same values, to try again.': 'Retour au formulaire avec les mêmes valeurs, pour réessayer.',
  'Cut another clip from an empty form.': 'Découper un autre extrait à partir d’un formulaire vide.',
  // favourites
  'The teams, schools and sports the viewer follows. They load when the viewer logs in and are forgotten at logout. A visitor who is not logged in is told "user must be logged in"; a favourite of an unknown type is refused before anything is sent, with the list of problems.':
    'Les équipes, écoles et sports que suit le spectateur. Ils se chargent quand le spectateur se connecte et sont oubliés à la déconnexion. Un visiteur non connecté reçoit "user must be logged in" ; un favori d’un type inconnu est refusé avant tout envoi, avec la liste des problèmes.',
  'A visitor without an account session: favourites cannot be read or changed.':
    'Un visiteur sans session de compte : les favoris ne peuvent être ni lus ni modifiés.',
  'A logged-in viewer: favourites are loaded, added and removed one call at a time.':
    'Un spectateur connecté : les favoris sont chargés, ajoutés et retirés un appel à la fois.',
  "Reading the viewer's favourites.": 'Lecture des favoris du spectateur.',
  'The favourites could not be read; the viewer may try again.': 'Les favoris n’ont pas pu être lus ; le spectateur peut réessayer.',
  'The favourites are shown; the viewer may add or remove one.': 'Les favoris sont affichés ; le spectateur peut en ajouter ou en retirer un.',
  'Saving the new favourite.': 'Enregistrement du nouveau favori.',
  'Removing the favourite.': 'Retrait du favori.',
  'The viewer logged in: load their favourites.': 'Le spectateur s’est connecté : ses favoris se chargent.',
  'Refused: "user must be logged in".': 'Refusé : "user must be logged in".',
  'Refused: "user must be logged in"; the visitor is asked to log in or register.':
    'Refusé : "user must be logged in" ; le visiteur est invité à se connecter ou à s’inscrire.',
  'The viewer logged out: their favourites are forgotten.': 'Le spectateur s’est déconnecté : ses favoris sont oubliés.',
  'The favourites are shown.': 'Les favoris sont affichés.',
  'The favourites could not be read.': 'Les favoris n’ont pas pu être lus.',
  'Try reading them again.': 'Nouvel essai de lecture.',
  'Read them again (another device may have changed them).': 'Relecture des favoris (un autre appareil a pu les modifier).',
  'The type is not a string or not one of participant, group, category: refused locally, listing the problems.':
    'Le type n’est pas une chaîne de caractères, ou n’est ni participant, ni group, ni category : refusé localement, avec la liste des problèmes.',
  'A team, school or sport not yet followed is added.': 'Une équipe, une école ou un sport pas encore suivi est ajouté.',
  'A followed team, school or sport is removed.': 'Une équipe, une école ou un sport suivi est retiré.',
  'Saved: it joins the list.': 'Enregistré : il rejoint la liste.',
  'It was not saved: the list is unchanged, and the viewer is told.':
    'Il n’a pas été enregistré : la liste ne change pas, et le spectateur en est informé.',
  'Removed: it leaves the list.': 'Retiré : il quitte la liste.',
  'It was not removed: the list is unchanged, and the viewer is told.':
    'Il n’a pas été retiré : la liste ne change pas, et le spectateur en est informé.',
  // popup-queue
  'Dialogs for the viewer, shown one at a time in the order they were opened. The viewer confirms or closes the one on screen; it is then gone and the next one appears.':
    'Des fenêtres de dialogue pour le spectateur, affichées une à la fois dans l’ordre de leur ouverture. Le spectateur confirme ou ferme celle qui est à l’écran ; elle disparaît alors et la suivante apparaît.',
  'No popup on screen and none waiting.': 'Aucune fenêtre à l’écran, aucune en attente.',
  'The first popup of the queue is on screen; the others wait their turn.':
    'La première fenêtre de la file est à l’écran ; les autres attendent leur tour.',
  'A popup has just been dismissed: show the next one, if any.': 'Une fenêtre vient d’être fermée : la suivante s’affiche, s’il y en a une.',
  'A popup is opened: it is shown at once.': 'Une fenêtre est ouverte : elle s’affiche aussitôt.',
  'Another popup waits its turn, unless a popup with the same id is already queued.':
    'Une autre fenêtre attend son tour, sauf si une fenêtre avec le même identifiant est déjà dans la file.',
  'The viewer confirms the popup on screen: it is resolved and leaves the queue.':
    'Le spectateur confirme la fenêtre à l’écran : elle est résolue et quitte la file.',
  'The viewer closes the popup on screen: it is cancelled and leaves the queue.':
    'Le spectateur ferme la fenêtre à l’écran : elle est annulée et quitte la file.',
  'Another popup is waiting.': 'Une autre fenêtre attend.',
  // preroll
  "Decides whether a preroll plays before an event. Viewers with the no_ads capability skip it. Otherwise one of the channel's prerolls that suits the event (category, location, live or VOD) is chosen by weight, unless one already played for this viewer and event within the timeout (the channel setting, or one hour).":
    'Décide si un pré-roll passe avant un événement. Les spectateurs qui ont la capacité no_ads n’en voient pas. Sinon, l’un des pré-rolls de la chaîne adaptés à l’événement (catégorie, lieu, direct ou VOD) est choisi selon son poids, sauf si un pré-roll a déjà été diffusé pour ce spectateur et cet événement pendant le délai (le paramètre de la chaîne, ou une heure).',
  'Nothing is about to play yet.': 'Rien n’est encore sur le point d’être lu.',
  'Working out whether a preroll plays first.': 'On détermine si un pré-roll passe d’abord.',
  'Waiting until the app knows who is watching (signed in or not, and their capabilities): nothing is decided before, however early the event and its stream arrive.':
    'On attend que l’app sache qui regarde (connecté ou non, et ses capacités) : rien n’est décidé avant, même si l’événement et son flux arrivent tôt.',
  'Checks the viewer and the event against the channel prerolls.': 'Compare le spectateur et l’événement aux pré-rolls de la chaîne.',
  'Reading the current time.': 'Lecture de l’heure actuelle.',
  'Looking up until when prerolls are off for this viewer (or "unlogged") and this event.':
    'Recherche de la date jusqu’à laquelle les pré-rolls sont désactivés pour ce spectateur (ou "unlogged") et cet événement.',
  'Drawing a random number for the weighted choice.': 'Tirage d’un nombre aléatoire pour le choix pondéré.',
  'The chosen preroll plays before the content.': 'Le pré-roll choisi passe avant le contenu.',
  'The content plays while the time prerolls stay off is stored.':
    'Le contenu est lu pendant que l’heure jusqu’à laquelle les pré-rolls restent désactivés est enregistrée.',
  'Reading the time the preroll ended.': 'Lecture de l’heure à laquelle le pré-roll s’est terminé.',
  'Storing "off until now plus the timeout" for this viewer and event.':
    'Enregistrement de "désactivé jusqu’à maintenant plus le délai" pour ce spectateur et cet événement.',
  "The event's content plays.": 'Le contenu de l’événement est lu.',
  'The player opens an event (another one replaces the current request).': 'Le lecteur ouvre un événement (un autre remplace la demande en cours).',
  'The viewer is known.': 'Le spectateur est connu.',
  'Who is watching cannot be told: the content plays without a preroll.': 'On ne peut pas savoir qui regarde : le contenu est lu sans pré-roll.',
  'The viewer has the no_ads capability: straight to the content.': 'Le spectateur a la capacité no_ads : directement au contenu.',
  'No preroll suits this event (category, location, live or VOD).': 'Aucun pré-roll ne convient à cet événement (catégorie, lieu, direct ou VOD).',
  'Some prerolls suit the event.': 'Certains pré-rolls conviennent à l’événement.',
  'No clock: the content plays without a preroll.': 'Pas d’horloge : le contenu est lu sans pré-roll.',
  'A preroll played for this viewer and event within the timeout.': 'Un pré-roll a été diffusé pour ce spectateur et cet événement pendant le délai.',
  'Nothing stored, or the stored time has passed.': 'Rien n’est enregistré, ou l’heure enregistrée est passée.',
  'Storage unreadable: treated as nothing stored.': 'Stockage illisible : traité comme s’il n’y avait rien d’enregistré.',
  'The draw picks a suitable preroll, in proportion to its weight.': 'Le tirage choisit un pré-roll adapté, en proportion de son poids.',
  'No random source: the content plays without a preroll.': 'Pas de source aléatoire : le contenu est lu sans pré-roll.',
  'The preroll played to its end: prerolls go off for this viewer and event.':
    'Le pré-roll a été lu jusqu’au bout : les pré-rolls sont désactivés pour ce spectateur et cet événement.',
  'The preroll could not play: the content plays, and nothing is stored.':
    'Le pré-roll n’a pas pu être lu : le contenu est lu, et rien n’est enregistré.',
  'No clock: count from when the request was checked.': 'Pas d’horloge : le décompte part du moment où la demande a été vérifiée.',
  'Storage refused it: a preroll may play again next time.': 'Le stockage l’a refusé : un pré-roll pourra de nouveau passer la prochaine fois.',
  // auto-renewal
  "The auto-renewal of one of the viewer's subscriptions: while it is on, the card is charged at the end of each period (30 days, or 12 months for an annual plan). Cancelling stops the renewal; access lasts until the period ends.":
    'Le renouvellement automatique de l’un des abonnements du spectateur : tant qu’il est actif, la carte est débitée à la fin de chaque période (30 jours, ou 12 mois pour une formule annuelle). L’annulation arrête le renouvellement ; l’accès dure jusqu’à la fin de la période.',
  'Reading the subscription.': 'Lecture de l’abonnement.',
  'The subscription could not be read; the viewer may try again.': 'L’abonnement n’a pas pu être lu ; le spectateur peut réessayer.',
  'Label "Auto-Renewal": the card is charged at the end of each period.': 'Libellé "Auto-Renewal" : la carte est débitée à la fin de chaque période.',
  'SPEC "cancelling (processing)": asking the server to stop the renewal (stripe/unsubscribe).':
    'SPEC "cancelling (processing)" : on demande au serveur d’arrêter le renouvellement (stripe/unsubscribe).',
  'Label "Auto-Renewal Cancelled": access lasts until the period ends, then the subscription expires.':
    'Libellé "Auto-Renewal Cancelled" : l’accès dure jusqu’à la fin de la période, puis l’abonnement expire.',
  'Nothing renews: the subscription expired, a renewal charge failed, or it was never bought.':
    'Rien ne se renouvelle : l’abonnement a expiré, un prélèvement de renouvellement a échoué, ou il n’a jamais été acheté.',
  'Active, renewing at the end of the period.': 'Actif, renouvelé à la fin de la période.',
  'The renewal was already cancelled.': 'Le renouvellement était déjà annulé.',
  'Expired, inactive (a renewal charge failed) or never bought: nothing renews.':
    'Expiré, inactif (un prélèvement de renouvellement a échoué) ou jamais acheté : rien ne se renouvelle.',
  'Could not be read (outage, or the viewer is signed out).': 'N’a pas pu être lu (panne, ou le spectateur est déconnecté).',
  'The viewer tries again.': 'Le spectateur réessaie.',
  'The viewer turns the renewal off.': 'Le spectateur désactive le renouvellement.',
  'The renewal is off.': 'Le renouvellement est désactivé.',
  'Refused or no answer: still renewing, and the message says why.':
    'Refusé ou sans réponse : le renouvellement continue, et le message indique pourquoi.',
  // free-trial
  'A free trial of a subscription: the viewer chooses a card (a saved one, or a new one that is saved first) and starts the trial. The plan is active for its free days; then the server charges the card unless the subscription was cancelled. One free trial per viewer.':
    'Un essai gratuit d’un abonnement : le spectateur choisit une carte (une carte enregistrée, ou une nouvelle, enregistrée d’abord) et démarre l’essai. La formule est active pendant ses jours gratuits ; ensuite, le serveur débite la carte, sauf si l’abonnement a été annulé. Un seul essai gratuit par spectateur.',
  'Does the plan the page sells have free days at all?': 'La formule vendue par la page comporte-t-elle des jours gratuits?',
  'Reading the plan and whether the viewer has had a trial.': 'Lecture de la formule, et vérification : le spectateur a-t-il déjà eu un essai?',
  'The trial could not be read; the viewer may try again.': 'L’essai n’a pas pu être lu ; le spectateur peut réessayer.',
  'Where does the viewer stand with this plan? (trialStandingOf in free-trial.guards.ts decides the same.)':
    'Où en est le spectateur avec cette formule? (trialStandingOf, dans free-trial.guards.ts, décide de la même façon.)',
  "The trial is offered: reading the viewer's saved cards, to start it with one of them or a new one.":
    'L’essai est proposé : lecture des cartes enregistrées du spectateur, pour le démarrer avec l’une d’elles ou avec une nouvelle.',
  'The trial is offered: the viewer picks a saved card or enters a new one, charged only after the free days.':
    'L’essai est proposé : le spectateur choisit une carte enregistrée ou en saisit une nouvelle, débitée seulement après les jours gratuits.',
  'Saving the new card through a setup intent, so it can be charged when the trial ends.':
    'Enregistrement de la nouvelle carte au moyen d’un setup intent, pour pouvoir la débiter à la fin de l’essai.',
  'Opening a setup intent (POST /stripe/setup-intent).': 'Ouverture d’un setup intent (POST /stripe/setup-intent).',
  'Card entry saves the new card on the setup intent (the reference processor, or Stripe in the page).':
    'La saisie de carte enregistre la nouvelle carte sur le setup intent (le processeur de référence, ou Stripe dans la page).',
  'Starting the trial with the card (stripe/subscription/start_trial).': 'Démarrage de l’essai avec la carte (stripe/subscription/start_trial).',
  'The plan is active in its free days. When they end the card is charged, unless the subscription was cancelled; a minute after that the trial is read again.':
    'La formule est active pendant ses jours gratuits. À leur fin, la carte est débitée, sauf si l’abonnement a été annulé ; une minute plus tard, l’essai est relu.',
  'Reading the subscription again.': 'Nouvelle lecture de l’abonnement.',
  'The viewer has a paid subscription to this plan (the trial ended and the card was charged, or they bought it).':
    'Le spectateur a un abonnement payant à cette formule (l’essai s’est terminé et la carte a été débitée, ou il l’a achetée).',
  'This plan has no free days: it is bought like any subscription.':
    'Cette formule n’a pas de jours gratuits : elle s’achète comme n’importe quel abonnement.',
  'The viewer has had their free trial (it may just have ended unpaid or cancelled): no second trial, the plan is bought.':
    'Le spectateur a déjà eu son essai gratuit (il vient peut-être de se terminer sans paiement ou d’être annulé) : pas de second essai, la formule s’achète.',
  'Stripe Elements is on the page: a new card is saved with it.': 'Stripe Elements est sur la page : une nouvelle carte est enregistrée avec lui.',
  'Stripe Elements left the page: there is nothing to save a new card with.':
    'Stripe Elements a quitté la page : plus rien ne permet d’enregistrer une nouvelle carte.',
  'The page sells a plan without free days: nothing to read, it is bought like any subscription.':
    'La page vend une formule sans jours gratuits : rien à lire, elle s’achète comme n’importe quel abonnement.',
  'A plan with free days (or one the page did not describe): where does the viewer stand?':
    'Une formule avec des jours gratuits (ou que la page n’a pas décrite) : où en est le spectateur?',
  'Read.': 'Lu.',
  'A trial of this plan is running.': 'Un essai de cette formule est en cours.',
  'The viewer has a paid subscription to this plan.': 'Le spectateur a un abonnement payant à cette formule.',
  'This plan has no free days.': 'Cette formule n’a pas de jours gratuits.',
  'The viewer has had their free trial (trial_period_used).': 'Le spectateur a déjà eu son essai gratuit (trial_period_used).',
  'A trial can start.': 'Un essai peut commencer.',
  'The saved cards are offered beside a new one.': 'Les cartes enregistrées sont proposées à côté d’une nouvelle.',
  'The saved cards could not be read: the viewer may try again.': 'Les cartes enregistrées n’ont pas pu être lues : le spectateur peut réessayer.',
  'One of the saved cards.': 'L’une des cartes enregistrées.',
  'A new card, saved for the charge after the trial.': 'Une nouvelle carte, enregistrée pour le prélèvement après l’essai.',
  'No card: "Please select one of your saved cards or enter new one".': 'Pas de carte : "Please select one of your saved cards or enter new one".',
  'Start with the saved card.': 'Démarrer avec la carte enregistrée.',
  'Save the new card first (setup intent).': 'Enregistrer d’abord la nouvelle carte (setup intent).',
  'The card can be saved on it.': 'La carte peut y être enregistrée.',
  'The card cannot be saved now: the viewer may try again.': 'La carte ne peut pas être enregistrée pour l’instant : le spectateur peut réessayer.',
  'The card is saved.': 'La carte est enregistrée.',
  "The card was refused (wrong number, expired, Stripe unavailable...): the processor's words are shown.":
    'La carte a été refusée (numéro erroné, carte expirée, Stripe indisponible...) : les mots du processeur sont affichés.',
  'Card entry broke down: the viewer may try again.': 'La saisie de carte a échoué de façon inattendue : le spectateur peut réessayer.',
  'The trial runs.': 'L’essai est en cours.',
  'Refused (trial already used, already subscribed...): the server says why.':
    'Refusé (essai déjà utilisé, déjà abonné...) : le serveur dit pourquoi.',
  'The viewer asks for the latest state (e.g. after cancelling).': 'Le spectateur demande l’état le plus récent (p. ex. après une annulation).',
  'The trial should have ended (or a day passed).': 'L’essai aurait dû se terminer (ou une journée s’est écoulée).',
  'Read: still in the trial, charged, or ended without a charge.': 'Lu : toujours en essai, carte débitée, ou terminé sans prélèvement.',
  'Could not read it: try again in a minute.': 'Impossible de le lire : on réessaie dans une minute.',
  // payment
  'Buying an event, a package or a subscription: the viewer chooses a card and may apply a promo code; the purchase is checked, bought, paid with the card, and the order is followed until it is paid or failed. Something the viewer already owns is not sold again.':
    'L’achat d’un événement, d’un forfait ou d’un abonnement : le spectateur choisit une carte et peut appliquer un code promo ; l’achat est vérifié, effectué, payé avec la carte, et la commande est suivie jusqu’à ce qu’elle soit payée ou en échec. Ce que le spectateur possède déjà ne lui est pas revendu.',
  "Reading the viewer's paid orders, to know what they already own.":
    'Lecture des commandes payées du spectateur, pour savoir ce qu’il possède déjà.',
  'Is the selection already owned?': 'La sélection est-elle déjà possédée?',
  'The viewer already owns what is selected: nothing is charged.': 'Le spectateur possède déjà ce qui est sélectionné : rien n’est débité.',
  "The purchase form: card, team (for a team pass) and promo code. The viewer's saved cards are read meanwhile.":
    'Le formulaire d’achat : carte, équipe (pour un laissez-passer d’équipe) et code promo. Les cartes enregistrées du spectateur sont lues pendant ce temps.',
  'Waiting for the viewer to pay or apply a promo code.': 'En attente que le spectateur paie ou applique un code promo.',
  'Checking the promo code with the server.': 'Vérification du code promo auprès du serveur.',
  'SPEC payment state "processing": buying, paying and waiting for the order to settle.':
    'État de paiement "processing" de la SPEC : achat, paiement et attente que la commande se règle.',
  'Opening the order (stripe/buy).': 'Ouverture de la commande (stripe/buy).',
  'Card entry confirms the chosen card on the order (the reference processor, or Stripe in the page).':
    'La saisie de carte confirme la carte choisie sur la commande (le processeur de référence, ou Stripe dans la page).',
  'Following the order every 2 seconds until it is paid or failed (kept, so a reload resumes it).':
    'Suivi de la commande toutes les 2 secondes jusqu’à ce qu’elle soit payée ou en échec (gardée, pour qu’un rechargement la reprenne).',
  'SPEC payment state "success": the order is paid and access is granted.':
    'État de paiement "success" de la SPEC : la commande est payée et l’accès est accordé.',
  'SPEC payment state "error": the payment did not go through; the message says why, beside the retry.':
    'État de paiement "error" de la SPEC : le paiement n’est pas passé ; le message dit pourquoi, à côté du bouton pour réessayer.',
  'Stripe Elements is on the page: a new card is confirmed with it.': 'Stripe Elements est sur la page : une nouvelle carte est confirmée avec lui.',
  'Stripe Elements left the page: there is nothing to confirm a new card with.':
    'Stripe Elements a quitté la page : plus rien ne permet de confirmer une nouvelle carte.',
  'The page says what is being bought.': 'La page indique ce qui est acheté.',
  'The orders are known.': 'Les commandes sont connues.',
  'The orders could not be read: nothing is assumed owned (the server still refuses a second purchase).':
    'Les commandes n’ont pas pu être lues : rien n’est présumé possédé (le serveur refuse quand même un second achat).',
  'The viewer already has it: the API said so when the page read it, or a paid, active order covers it.':
    'Le spectateur l’a déjà : l’API l’a indiqué quand la page a lu l’offre, ou une commande payée et active la couvre.',
  'Its payment was confirmed before the page was reloaded: follow that order again.':
    'Son paiement a été confirmé avant le rechargement de la page : on suit de nouveau cette commande.',
  'Not owned yet (or nothing selected yet).': 'Pas encore possédé (ou rien de sélectionné pour l’instant).',
  'The viewer picks something else.': 'Le spectateur choisit autre chose.',
  'Another event, package or plan: the team and promo code start over.':
    'Un autre événement, forfait ou formule : l’équipe et le code promo repartent de zéro.',
  'Pay with one of the saved cards.': 'Payer avec l’une des cartes enregistrées.',
  'Pay with a new card (optionally saved).': 'Payer avec une nouvelle carte (enregistrée si le spectateur le souhaite).',
  'The viewer removes the chosen card.': 'Le spectateur retire la carte choisie.',
  'Choose the team of a team pass.': 'Choisir l’équipe d’un laissez-passer d’équipe.',
  'The saved cards could not be read: the viewer enters a new card.':
    'Les cartes enregistrées n’ont pas pu être lues : le spectateur saisit une nouvelle carte.',
  'A promo code is checked against a purchase: "id not selected".': 'Un code promo se vérifie par rapport à un achat : "id not selected".',
  'Check the promo code with the server.': 'Vérifier le code promo auprès du serveur.',
  'The promo code field is empty: "Please fill in the input field".': 'Le champ du code promo est vide : "Please fill in the input field".',
  'Back to the full price.': 'Retour au prix complet.',
  'Nothing is selected: "id not selected".': 'Rien n’est sélectionné : "id not selected".',
  'A paid event is sold through its single-event package, which is missing.':
    'Un événement payant se vend par son forfait à l’unité, qui est manquant.',
  'A team pass needs a team: "Package is TeamPass but team not selected".':
    'Un laissez-passer d’équipe demande une équipe : "Package is TeamPass but team not selected".',
  'Something is due and no card is chosen: "Please select one of your saved cards or enter new one".':
    'Un montant est dû et aucune carte n’est choisie : "Please select one of your saved cards or enter new one".',
  'Everything is in order: pay.': 'Tout est en ordre : paiement.',
  'The code is valid: the price is discounted.': 'Le code est valide : le prix est réduit.',
  'The code is refused: the server\'s words are shown ("Promo code is invalid", "Wrong promo code").':
    'Le code est refusé : les mots du serveur sont affichés ("Promo code is invalid", "Wrong promo code").',
  'Nothing was due (a free pass, a full discount): the order is already paid.':
    'Rien n’était dû (un laissez-passer gratuit, un rabais complet) : la commande est déjà payée.',
  'Something is due: the card pays it.': 'Un montant est dû : la carte le paie.',
  'The order was refused (already owned, bad promo code, outage...).': 'La commande a été refusée (déjà possédé, code promo erroné, panne...).',
  'The payment is confirmed; the card processor settles it shortly.': 'Le paiement est confirmé ; le processeur de cartes le règle sous peu.',
  'Card entry broke down.': 'La saisie de carte a échoué de façon inattendue.',
  'The page is visible again: polling asks at once.': 'La page est de nouveau visible : l’interrogation demande aussitôt.',
  'The network is gone: polling pauses.': 'Le réseau est coupé : l’interrogation se met en pause.',
  'The network is back: polling asks at once.': 'Le réseau est revenu : l’interrogation demande aussitôt.',
  'The order is paid.': 'La commande est payée.',
  'The order failed (declined card) or could not be followed: the error state says why, beside its retry.':
    'La commande a échoué (carte refusée) ou n’a pas pu être suivie : l’état d’erreur dit pourquoi, à côté du bouton pour réessayer.',
  'Following the order broke down.': 'Le suivi de la commande a échoué de façon inattendue.',
  'Back to the form, with the same selection and card, to try again or change them.':
    'Retour au formulaire, avec la même sélection et la même carte, pour réessayer ou les changer.',
  // player
  'Plays one event, VOD item or clip. The details and a signed playback link are read together; when the API refuses (region, login, purchase, pass, not started, unknown) the viewer reads why. Otherwise a preroll may play first, then the video, with a loading spinner while it buffers, a replay button when it ends and a retry button when it fails.':
    'Lit un événement, une vidéo de la vidéothèque ou un extrait. Les détails et un lien de lecture signé sont lus ensemble ; quand l’API refuse (région, connexion, achat, laissez-passer, pas commencé, inconnu), le spectateur lit pourquoi. Sinon, un pré-roll peut passer d’abord, puis la vidéo, avec un indicateur de chargement pendant la mise en mémoire tampon, un bouton Revoir à la fin et un bouton Réessayer en cas d’échec.',
  'Nothing to play yet.': 'Rien à lire pour l’instant.',
  'Reading the details and asking for a playback link; the viewer sees a spinner.':
    'Lecture des détails et demande d’un lien de lecture ; le spectateur voit un indicateur de chargement.',
  'The viewer reads why they may not watch: region, login, purchase, pass, not started yet, or unknown.':
    'Le spectateur lit pourquoi il ne peut pas regarder : région, connexion, achat, laissez-passer, pas encore commencé, ou inconnu.',
  'The player shows "Oops! We are currently experiencing technical difficulties" and a retry button.':
    'Le lecteur affiche "Oops! We are currently experiencing technical difficulties" et un bouton Réessayer.',
  'Asks where a signed-in viewer stopped; a spinner shows.':
    'Demande où un spectateur connecté s’est arrêté ; un indicateur de chargement s’affiche.',
  '"Resume from 12:34" or "Start from the beginning".': '"Resume from 12:34" ou "Start from the beginning".',
  'The preroll rules decide whether an ad plays first (no_ads, the channel prerolls, recently played).':
    'Les règles de pré-roll décident si une publicité passe d’abord (no_ads, les pré-rolls de la chaîne, diffusion récente).',
  'What the preroll rules look at: the event (category, venue, live or not) and the viewer.':
    'Ce qu’examinent les règles de pré-roll : l’événement (catégorie, lieu, en direct ou non) et le spectateur.',
  'The preroll machine decides.': 'La machine de pré-roll décide.',
  'The ad plays, labelled "Ad"; the video follows it.': 'La publicité passe, marquée "Ad" ; la vidéo suit.',
  'The ad loads.': 'La publicité se charge.',
  'The ad plays.': 'La publicité est lue.',
  'The ad waits for data.': 'La publicité attend des données.',
  'The video plays, under the player’s own controls (machines/playback-controls).':
    'La vidéo est lue, avec les commandes propres au lecteur (machines/playback-controls).',
  'The video loads; the viewer sees a spinner.': 'La vidéo se charge ; le spectateur voit un indicateur de chargement.',
  'The video plays.': 'La vidéo est lue.',
  'The video waits for data; the viewer sees a spinner.': 'La vidéo attend des données ; le spectateur voit un indicateur de chargement.',
  'The video ended; the viewer sees a replay button.': 'La vidéo est terminée ; le spectateur voit un bouton Revoir.',
  'The screen opens a video (another one replaces the current one).': 'L’écran ouvre une vidéo (une autre remplace celle en cours).',
  'The API refused: the viewer reads why, with the way out (log in, buy, passes).':
    'L’API a refusé : le spectateur lit pourquoi, avec l’issue proposée (se connecter, acheter, laissez-passer).',
  'The viewer may watch: a signed link arrived.': 'Le spectateur peut regarder : un lien signé est arrivé.',
  'The API could not be reached or crashed (after the client’s own retry).':
    'L’API était injoignable ou a planté (après la nouvelle tentative du client lui-même).',
  'Stopped past 10 s: the viewer chooses.': 'Arrêté au-delà de 10 s : le spectateur choisit.',
  'Nothing to resume: plays from the start.': 'Rien à reprendre : lecture depuis le début.',
  'Unreadable: plays from the start.': 'Illisible : lecture depuis le début.',
  'Starts where they stopped (after any ad).': 'Reprend là où il s’est arrêté (après l’éventuelle publicité).',
  'Starts from the beginning (after any ad).': 'Reprend depuis le début (après l’éventuelle publicité).',
  'The preroll machine is asked.': 'La machine de pré-roll est consultée.',
  'The event could not be described: the video plays without an ad.': 'L’événement n’a pas pu être décrit : la vidéo est lue sans publicité.',
  'A preroll plays first.': 'Un pré-roll passe d’abord.',
  'No preroll: the video plays at once.': 'Pas de pré-roll : la vidéo est lue aussitôt.',
  'The ad played to its end: no other ad for this viewer and video for a while.':
    'La publicité a été lue jusqu’au bout : plus d’autre publicité pour ce spectateur et cette vidéo pendant un moment.',
  'The ad could not play: the video plays, and the ad may play next time.':
    'La publicité n’a pas pu être lue : la vidéo est lue, et la publicité pourra passer la prochaine fois.',
  'The controls hear what the ad does.': 'Les commandes sont informées de ce que fait la publicité.',
  'The viewer’s choice reaches the ad.': 'Le choix du spectateur parvient à la publicité.',
  'The controls arrived (an ad has no seek or speed).':
    'Les commandes sont arrivées (une publicité ne permet ni de se déplacer dans le temps ni de changer la vitesse).',
  'Every 30 seconds of playback, and at a pause or the end: analytics hears the time watched.':
    'Toutes les 30 secondes de lecture, ainsi qu’à une pause ou à la fin : l’analytique reçoit le temps regardé.',
  'The video played to its end.': 'La vidéo a été lue jusqu’au bout.',
  'The stream failed (after the media library’s own recovery).': 'Le flux a échoué (après la récupération propre à la bibliothèque média).',
  'The controls hear what the video does.': 'Les commandes sont informées de ce que fait la vidéo.',
  'The viewer’s choice on the controls reaches the video.': 'Le choix du spectateur sur les commandes parvient à la vidéo.',
  'The controls arrived.': 'Les commandes sont arrivées.',
  'The first frame shows: analytics hears that a view started.':
    'La première image s’affiche : l’analytique est informée qu’un visionnement a commencé.',
  'The video ran out of data.': 'La vidéo est à court de données.',
  'Data arrived: the video plays on.': 'Des données sont arrivées : la vidéo reprend.',
  'Watch it again from the start.': 'La revoir depuis le début.',
  'Try again with a fresh playback link.': 'Réessayer avec un nouveau lien de lecture.',
  // playback-controls
  'The player’s controls: the viewer’s choices become commands to the stream, whose facts they show.':
    'Les commandes du lecteur : les choix du spectateur deviennent des instructions envoyées au flux, dont elles affichent l’état.',
  'The control bar shows; it hides after 3 s of playback without activity and with no menu open.':
    'La barre de commandes est visible ; elle se masque après 3 s de lecture sans activité et sans menu ouvert.',
  'The video plays without controls over it.': 'La vidéo est lue sans commandes par-dessus.',
  'New captions tracks: the viewer’s language shows, or none (captions are off unless chosen).':
    'Nouvelles pistes de sous-titres : la langue du spectateur s’affiche, ou aucune (les sous-titres sont désactivés à moins d’être choisis).',
  'The stream reports what changed.': 'Le flux signale ce qui a changé.',
  'The viewer’s kept captions language applies.': 'La langue de sous-titres gardée par le spectateur s’applique.',
  'Play.': 'Lecture.',
  'Pause.': 'Pause.',
  'Seek within the video or the live window (not in an ad).': 'Se déplacer dans la vidéo ou dans la fenêtre du direct (pas pendant une publicité).',
  'Jump back or ahead, within the video or the live window.': 'Reculer ou avancer, dans la vidéo ou dans la fenêtre du direct.',
  'To the start of the video, or of the live window as it is now, less its first seconds (the time bar’s Home key).':
    'Au début de la vidéo, ou de la fenêtre du direct telle qu’elle est maintenant, moins ses premières secondes (la touche Début de la barre de temps).',
  'To the end of the video, or a live stream’s edge (the time bar’s End key).':
    'À la fin de la vidéo, ou au point le plus récent d’un direct (la touche Fin de la barre de temps).',
  'Back to the live edge.': 'Retour au direct.',
  'Mute or unmute.': 'Couper ou rétablir le son.',
  'Set the volume (0 mutes).': 'Régler le volume (0 coupe le son).',
  'Auto, or one of the heights the menu offers.': 'Automatique, ou l’une des hauteurs d’image proposées par le menu.',
  'A replay’s speed, 0.5× to 2×.': 'La vitesse d’une reprise, de 0,5× à 2×.',
  'Captions in a language, or off; kept for the next video.': 'Sous-titres dans une langue, ou désactivés ; gardés pour la vidéo suivante.',
  'Captions off.': 'Sous-titres désactivés.',
  'Captions on, in the last language shown or the first one.': 'Sous-titres activés, dans la dernière langue affichée ou la première.',
  'Enter or leave fullscreen.': 'Passer en plein écran ou en sortir.',
  'Enter or leave picture-in-picture.': 'Passer en incrustation d’image (picture-in-picture) ou en sortir.',
  'Open the quality, speed or captions menu.': 'Ouvrir le menu de qualité, de vitesse ou de sous-titres.',
  'Close the menu.': 'Fermer le menu.',
  'Activity: the controls stay a while longer.': 'Activité : les commandes restent visibles un peu plus longtemps.',
  'Playback starts: the wait to hide starts again.': 'La lecture démarre : l’attente avant le masquage recommence.',
  'Nobody moved: the controls hide.': 'Personne n’a bougé : les commandes se masquent.',
  'Pointer or keyboard activity: the controls show.': 'Activité du pointeur ou du clavier : les commandes s’affichent.',
  'A menu opens with the controls.': 'Un menu s’ouvre avec les commandes.',
  'Paused: the controls show.': 'En pause : les commandes s’affichent.',
  // rail
  'A rail of cards that moves on by one card every 5 seconds and starts again after the last one. It holds still while the viewer points at it or moves through it with the keyboard, and never moves by itself for viewers who asked for reduced motion. The previous and next buttons step through it at any time.':
    'Un rail de cartes qui avance d’une carte toutes les 5 secondes et recommence après la dernière. Il reste immobile pendant que le spectateur le survole avec le pointeur ou le parcourt au clavier, et ne bouge jamais de lui-même pour les spectateurs qui ont demandé moins d’animations. Les boutons précédent et suivant le font défiler à tout moment.',
  'Works out whether the rail may move by itself now.': 'Détermine si le rail peut bouger de lui-même maintenant.',
  'The rail moves on by one card every 5 seconds.': 'Le rail avance d’une carte toutes les 5 secondes.',
  'The viewer is pointing at the rail or moving through it: it waits.': 'Le spectateur survole le rail ou le parcourt au clavier : il attend.',
  'Reduced motion, or one card or none: the rail only moves when the viewer asks.':
    'Animations réduites, ou une seule carte ou aucune : le rail ne bouge qu’à la demande du spectateur.',
  'The pointer moved over the rail.': 'Le pointeur est passé sur le rail.',
  'The pointer left the rail.': 'Le pointeur a quitté le rail.',
  'The keyboard focus moved into the rail.': 'Le focus clavier est entré dans le rail.',
  'The keyboard focus left the rail.': 'Le focus clavier a quitté le rail.',
  'The viewer asked for the next card.': 'Le spectateur a demandé la carte suivante.',
  'The viewer asked for the previous card.': 'Le spectateur a demandé la carte précédente.',
  'The rail now holds another number of cards (back to the first if the shown one is gone).':
    'Le rail contient maintenant un autre nombre de cartes (retour à la première si celle affichée a disparu).',
  'The viewer changed the reduced-motion setting of their system.': 'Le spectateur a modifié le réglage d’animations réduites de son système.',
  'Five seconds passed: show the next card (the first after the last).':
    'Cinq secondes se sont écoulées : la carte suivante s’affiche (la première après la dernière).',
  // card-entry
  "The chosen card is confirmed on the payment or card setup the server opened: by the reference processor with the card's details (or the saved card), or by Stripe in the page when the channel takes cards through Stripe.":
    'La carte choisie est confirmée sur le paiement ou l’enregistrement de carte ouvert par le serveur : par le processeur de référence avec les données de la carte (ou la carte enregistrée), ou par Stripe dans la page quand la chaîne accepte les cartes par Stripe.',
  'Who confirms the card, and can they take it?': 'Qui confirme la carte, et peut-il l’accepter?',
  "The reference processor confirms with the card's details or the saved card (through the API).":
    'Le processeur de référence confirme avec les données de la carte ou la carte enregistrée (par l’API).',
  'Stripe.js confirms in the page (the app provides it).': 'Stripe.js confirme dans la page (l’app le fournit).',
  'The card is confirmed on the intent.': 'La carte est confirmée sur l’intent.',
  'The card was not confirmed; the message says why.': 'La carte n’a pas été confirmée ; le message indique pourquoi.',
  'The channel takes cards through Stripe.': 'La chaîne accepte les cartes par Stripe.',
  'The reference processor takes the card.': 'Le processeur de référence prend en charge la carte.',
  'The reference processor needs a new card\'s details (a saved card cannot be set up again): "Please select one of your saved cards or enter new one".':
    'Le processeur de référence a besoin des données d’une nouvelle carte (une carte enregistrée ne peut pas être enregistrée de nouveau) : "Please select one of your saved cards or enter new one".',
  'The card is accepted; a payment settles shortly.': 'La carte est acceptée ; un paiement se règle sous peu.',
  "The card was refused (wrong number, expired, declined...): the processor's words are shown.":
    'La carte a été refusée (numéro erroné, carte expirée, refusée...) : les mots du processeur sont affichés.',
  'Stripe accepted the card.': 'Stripe a accepté la carte.',
  'Stripe refused the card, or Stripe.js is not available.': 'Stripe a refusé la carte, ou Stripe.js n’est pas disponible.',
  // polling
  'Asks the server about something at a fixed interval until it is finished (done or failed). A failure that may pass (no answer, the server struggling) is tried again, up to a number in a row; any other ends polling.':
    'Interroge le serveur sur quelque chose à intervalle fixe jusqu’à ce que ce soit fini (réussi ou en échec). Un échec qui peut passer (pas de réponse, serveur en difficulté) est retenté, jusqu’à un certain nombre de fois d’affilée ; tout autre échec met fin à l’interrogation.',
  'Waiting for the interval before asking (the server works in the meantime).':
    'Attente de l’intervalle avant de demander (le serveur travaille pendant ce temps).',
  'The browser is offline: nothing is asked and no failure is counted until the network is back.':
    'Le navigateur est hors ligne : rien n’est demandé et aucun échec n’est compté jusqu’au retour du réseau.',
  'Asking the server.': 'Interrogation du serveur.',
  'It went through.': 'L’opération a abouti.',
  'It failed on the server.': 'Elle a échoué sur le serveur.',
  'It could not be followed to the end; the last value read goes with the failure.':
    'Le suivi n’a pas pu aller jusqu’au bout ; la dernière valeur lue accompagne l’échec.',
  'The page is visible again: ask at once.': 'La page est de nouveau visible : demander aussitôt.',
  'The network is gone: wait for it instead of asking.': 'Le réseau est coupé : l’attendre au lieu de demander.',
  'Time to ask again.': 'Il est temps de redemander.',
  'The network is back: ask at once.': 'Le réseau est revenu : demander aussitôt.',
  'The page is visible again (and may be online): ask at once.': 'La page est de nouveau visible (et peut-être en ligne) : demander aussitôt.',
  'The network went while asking: the answer will not come; pause.': 'Le réseau a disparu pendant la demande : la réponse ne viendra pas ; pause.',
  'Finished: it went through.': 'Fini : l’opération a abouti.',
  'Finished: it failed on the server.': 'Fini : elle a échoué sur le serveur.',
  'Not finished yet: ask again after the interval.': 'Pas encore fini : redemander après l’intervalle.',
  'The last failure in a row that polling bears: stop asking.': 'Le dernier échec d’affilée que l’interrogation tolère : on arrête de demander.',
  'No answer, or the server is struggling: ask again at the next tick.':
    'Pas de réponse, ou le serveur est en difficulté : redemander au prochain tour.',
  'Refused (not found, signed out...): waiting will not help, stop asking.':
    'Refusé (introuvable, déconnecté...) : attendre n’y changera rien, on arrête de demander.',
  // language
  "The language the app speaks. Once startup has settled it switches to the viewer's stored choice, else the channel's default language, else the browser's, else English. The viewer may pick another at any time: the choice is kept for the next visit, and a language whose locale is not loaded yet loads first.":
    'La langue de l’app. Une fois le démarrage terminé, elle passe au choix conservé du spectateur, sinon à la langue par défaut de la chaîne, sinon à celle du navigateur, sinon à l’anglais. Le spectateur peut en choisir une autre à tout moment : son choix est gardé pour la prochaine visite, et une langue dont les textes ne sont pas encore chargés se charge d’abord.',
  "The app is starting: the language it started in (the stored choice, else the browser's, its locale loaded before the first render) shows until startup has settled.":
    'L’app démarre : la langue de départ (le choix conservé, sinon celle du navigateur, dont les textes sont chargés avant le premier affichage) reste affichée jusqu’à la fin du démarrage.',
  "Reading the viewer's stored choice and the browser's languages.": 'Lecture du choix conservé du spectateur et des langues du navigateur.',
  "Switching to the start's language (its locale's chunk loads first if it is not loaded yet).":
    'Passage à la langue retenue au démarrage (le paquet de ses textes se charge d’abord s’il ne l’est pas encore).',
  'The app speaks the viewer’s language; the switcher offers the others.': 'L’app parle la langue du spectateur ; le sélecteur propose les autres.',
  "Switching to the viewer's choice: its locale's chunk loads first if it is not loaded yet; the switcher shows it and waits.":
    'Passage à la langue choisie par le spectateur : le paquet de ses textes se charge d’abord s’il ne l’est pas encore ; le sélecteur l’affiche et attend.',
  "Startup settled: the channel's default language is known.": 'Le démarrage est terminé : la langue par défaut de la chaîne est connue.',
  'The stored choice, else the channel default, else the browser, else English.':
    'Le choix conservé, sinon la langue par défaut de la chaîne, sinon celle du navigateur, sinon l’anglais.',
  "Storage could not be read: the channel's default language, else English.":
    'Le stockage n’a pas pu être lu : la langue par défaut de la chaîne, sinon l’anglais.',
  'The app speaks it.': 'L’app parle cette langue.',
  'Its locale could not load: the language shown stays and the app starts anyway.':
    'Ses textes n’ont pas pu se charger : la langue affichée reste et l’app démarre quand même.',
  'The viewer picks another language: it is stored first, then the app switches.':
    'Le spectateur choisit une autre langue : elle est d’abord conservée, puis l’app change de langue.',
  'The app speaks the chosen language.': 'L’app parle la langue choisie.',
  'Its locale could not load: the language stays, and so does the stored choice.':
    'Ses textes n’ont pas pu se charger : la langue reste, et le choix conservé aussi.',
  // navigation
  'The one navigator: unknown paths go to /404, the navigation rules move the viewer (a temporary password to the profile form, a viewer without a basic pass to the packages, a signed-in viewer away from the sign-in pages), a sign-in goes back to the page before the authentication pages, a passes form without the flag goes to the packages, and a visitor who reaches the purchase page straight from login or registration is sent back one step, once. The previous page is remembered, authentication pages aside.':
    'Le navigateur unique : les chemins inconnus mènent à /404, les règles de navigation déplacent le spectateur (un mot de passe temporaire vers le formulaire de profil, un spectateur sans laissez-passer de base vers les forfaits, un spectateur connecté hors des pages de connexion), une connexion ramène à la page d’avant les pages d’authentification, un formulaire des laissez-passer sans l’indicateur mène aux forfaits, et un visiteur qui arrive sur la page d’achat directement depuis la connexion ou l’inscription est renvoyé d’un pas en arrière, une seule fois. La page précédente est mémorisée, sauf les pages d’authentification.',
  'The rules look at the page shown and who the viewer is.': 'Les règles examinent la page affichée et qui est le spectateur.',
  'The viewer goes where they go.': 'Le spectateur va où il veut.',
  'The viewer is on their way to another page: nothing shows, and who the viewer is waits, until the router shows it.':
    'Le spectateur est en route vers une autre page : rien ne s’affiche, et tout changement sur qui est le spectateur attend que le routeur affiche la page.',
  'Another page: it becomes the current one, the one before it is remembered, and the rules look at it.':
    'Une autre page : elle devient la page courante, celle d’avant est mémorisée, et les règles l’examinent.',
  'Who the viewer is changed: the rules look at the page again.': 'Ce que l’on sait du spectateur a changé : les règles réexaminent la page.',
  'An unknown path, or a page the rules keep this viewer from: on to where they send them.':
    'Un chemin inconnu, ou une page dont les règles écartent ce spectateur : direction l’endroit où elles l’envoient.',
  'A visitor on the purchase page straight from login or registration: one step back in the history.':
    'Un visiteur sur la page d’achat directement depuis la connexion ou l’inscription : un pas en arrière dans l’historique.',
  'The page may show.': 'La page peut s’afficher.',
  'Signed in: back to the page the viewer was on before the authentication pages (home on the first page of the visit), or on to the verification notice after a registration.':
    'Connecté : retour à la page où était le spectateur avant les pages d’authentification (l’accueil si c’était la première page de la visite), ou direction l’avis de vérification après une inscription.',
  'A passes form without the flag, away from the pages open without a basic pass: on to the packages.':
    'Un formulaire des laissez-passer sans l’indicateur, hors des pages accessibles sans laissez-passer de base : direction les forfaits.',
  'Remembered for the page that comes.': 'Mémorisé pour la page qui arrive.',
  // account-form
  'An account form or a followed mailed link: checked, sent once, then done or refused with the reason. Used by email verification, password reset, the profile edit, account deletion, the passes form and the contact form.':
    'Un formulaire de compte ou un lien reçu par courriel et suivi : vérifié, envoyé une fois, puis terminé ou refusé avec la raison. Utilisé pour la vérification du courriel, la réinitialisation du mot de passe, la modification du profil, la suppression du compte, le formulaire des laissez-passer et le formulaire de contact.',
  'A followed link sends itself; a form waits for the viewer.': 'Un lien suivi s’envoie de lui-même ; un formulaire attend le spectateur.',
  "The link's parts are checked before it is sent: a link cut short is refused here.":
    'Les parties du lien sont vérifiées avant son envoi : un lien tronqué est refusé ici.',
  'Opened without its mailed link’s parts (a new password, a deletion’s confirmation): no form to fill in, nothing to send; the page says the link is incomplete and how to ask for a new one.':
    'Ouvert sans les parties de son lien reçu par courriel (un nouveau mot de passe, la confirmation d’une suppression) : aucun formulaire à remplir, rien à envoyer ; la page indique que le lien est incomplet et comment en demander un nouveau.',
  'The viewer fills in the form; after a refusal it shows why.': 'Le spectateur remplit le formulaire ; après un refus, il indique pourquoi.',
  'The request is on its way; the form is busy and a second press does nothing.':
    'La requête est en route ; le formulaire est occupé et un second clic ne fait rien.',
  'The request went through; a form such as the profile edit can be sent again.':
    'La requête a abouti ; un formulaire comme la modification du profil peut être renvoyé.',
  'The page was opened from a mailed link.': 'La page a été ouverte depuis un lien reçu par courriel.',
  'The page’s form needs a mailed link, and its address lacks a part of one.':
    'Le formulaire de la page nécessite un lien reçu par courriel, et il manque une de ses parties dans l’adresse.',
  'A form to fill in.': 'Un formulaire à remplir.',
  'The link has every part.': 'Le lien a toutes ses parties.',
  'A part of the link is missing: refused with the link failure, nothing is sent.':
    'Il manque une partie du lien : refusé avec l’échec de lien, rien n’est envoyé.',
  'The form passes the SPEC §5 checks: send it.': 'Le formulaire passe les vérifications de la SPEC §5 : il est envoyé.',
  'A field breaks a SPEC §5 rule (or the link lacks a part): each field says why, nothing is sent.':
    'Un champ enfreint une règle de la SPEC §5 (ou il manque une partie du lien) : chaque champ dit pourquoi, rien n’est envoyé.',
  'A field changed: the refusal no longer applies.': 'Un champ a changé : le refus ne s’applique plus.',
  'Done: the page says so, and the session hears what changed.': 'Terminé : la page l’indique, et la session apprend ce qui a changé.',
  'Refused or failed: the form shows why (SPEC §8).': 'Refusé ou en échec : le formulaire indique pourquoi (SPEC §8).',
  // download
  "The viewer downloads a finished game's recording (with the download capability) or one of their processed clips (with download_clip): the API answers a link (and counts a game's download), and the browser saves the file.":
    'Le spectateur télécharge l’enregistrement d’un match terminé (avec la capacité download) ou l’un de ses extraits traités (avec download_clip) : l’API répond par un lien (et compte le téléchargement d’un match), et le navigateur enregistre le fichier.',
  'The Download button waits for the viewer.': 'Le bouton Télécharger attend le spectateur.',
  'Asking the API for a link; a second click meanwhile is ignored (one click, one counted download).':
    'Demande d’un lien à l’API ; un second clic pendant ce temps est ignoré (un clic, un téléchargement compté).',
  'Only with the capability for this kind: download for a game, download_clip for a clip.':
    'Seulement avec la capacité correspondante : download pour un match, download_clip pour un extrait.',
  'The browser saves the file.': 'Le navigateur enregistre le fichier.',
  'Refused (no downloads left, not finished) or failed: the reason is shown.':
    'Refusé (plus de téléchargements disponibles, pas terminé) ou en échec : la raison s’affiche.',
  // clip
  "One clip of the viewer's: while queued (up to 5 minutes) it is checked until it is processed or failed; a processed clip can be shared by its link, downloaded (with the download_clip capability) or deleted once the viewer confirms.":
    'Un extrait du spectateur : tant qu’il est en file d’attente (jusqu’à 5 minutes), il est vérifié jusqu’à ce qu’il soit traité ou en échec ; un extrait traité peut être partagé par son lien, téléchargé (avec la capacité download_clip) ou supprimé une fois que le spectateur confirme.',
  'The clip as the API last answered it decides where to begin.': 'L’extrait, tel que l’API l’a décrit la dernière fois, décide par où commencer.',
  'The clip waits to be cut (up to 5 minutes); polling checks it every 3 seconds, a failed check is tried again.':
    'L’extrait attend d’être découpé (jusqu’à 5 minutes) ; l’interrogation le vérifie toutes les 3 secondes, et une vérification en échec est retentée.',
  'The clip is ready to watch, download, share or delete.': 'L’extrait est prêt à être regardé, téléchargé, partagé ou supprimé.',
  'Waiting for the viewer.': 'En attente du spectateur.',
  'A popup asks the viewer whether to delete the clip for good.': 'Une fenêtre demande au spectateur s’il veut supprimer l’extrait définitivement.',
  'Deleting the clip.': 'Suppression de l’extrait.',
  'Still waiting to be cut: follow it.': 'Toujours en attente de découpage : on le suit.',
  'Ready: share, download or delete it.': 'Prêt : le partager, le télécharger ou le supprimer.',
  'The server failed it.': 'Le serveur l’a mis en échec.',
  'The clip is ready.': 'L’extrait est prêt.',
  'The server failed the clip, or it is gone.': 'Le serveur a mis l’extrait en échec, ou il a disparu.',
  'Still queued after 5 minutes: the viewer is told it failed.': 'Toujours en file d’attente après 5 minutes : le spectateur apprend qu’il a échoué.',
  "Handed to the clip's download, which asks for a link only with the download_clip capability.":
    'Confié au téléchargement de l’extrait, qui ne demande un lien qu’avec la capacité download_clip.',
  "The clip's share link is handed to the browser.": 'Le lien de partage de l’extrait est transmis au navigateur.',
  'The viewer asks to delete the clip: they are asked to confirm first.': 'Le spectateur demande à supprimer l’extrait : il doit d’abord confirmer.',
  'The viewer confirms: the clip is deleted.': 'Le spectateur confirme : l’extrait est supprimé.',
  'The viewer closes the popup: the clip stays.': 'Le spectateur ferme la fenêtre : l’extrait reste.',
  "Gone from the viewer's clips.": 'Retiré des extraits du spectateur.',
  'Not deleted: the clip stays, and the reason is shown.': 'Non supprimé : l’extrait reste, et la raison s’affiche.',
  // clip-list
  "The viewer's clips, newest first: the list is read, then each row gets its own clip actor, which follows that clip (queued, processed or failed; share, download, delete) without touching the others.":
    'Les extraits du spectateur, du plus récent au plus ancien : la liste est lue, puis chaque ligne reçoit son propre acteur d’extrait, qui suit cet extrait (en file d’attente, traité ou en échec ; partager, télécharger, supprimer) sans toucher aux autres.',
  "Reading the viewer's clips.": 'Lecture des extraits du spectateur.',
  'The list could not be read.': 'La liste n’a pas pu être lue.',
  "The rows are shown (or that there are none yet); each row's clip actor does the rest.":
    'Les lignes sont affichées (ou le fait qu’il n’y en a pas encore) ; l’acteur d’extrait de chaque ligne fait le reste.',
  'One clip actor per row, each following its own clip.': 'Un acteur d’extrait par ligne, chacun suivant son propre extrait.',
  'The list could not be read: the viewer may try again.': 'La liste n’a pas pu être lue : le spectateur peut réessayer.',
  'The viewer asks to read the list again.': 'Le spectateur demande à relire la liste.',
};
