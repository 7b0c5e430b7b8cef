import { PAGE_NOTES, PAGE_WORDS, REQUEST } from '../client/lib/messages.ts';

/**
 * What to do when the database's role may not make tables in it: the server's start and
 * `npm run move-to-postgres` give the same advice.
 */
const OWN_THE_DATABASE = 'make the database with {role} as its owner (createdb -O {role} …, or ALTER DATABASE … OWNER TO {role}: since PostgreSQL 15 only the owner of a database may make tables in its public schema)';

/**
 * Uploaded files the store names are not in the folder in use: said at start-up and by npm run
 * backup (server/admin/missing-uploads.ts), each with what to do then.
 */
const UPLOADS_MISSING = '{missing} of {checked} uploaded product images the store names (a sample) are not in the uploads folder {folder}, so pages show them broken: set UPLOADS_DIR to the folder that holds them';
const PRODUCT_FILES_MISSING = '{missing} of {checked} digital product files the store names (a sample) are not in the product-files folder {folder}, so buyers\' downloads fail: set PRODUCT_FILES_DIR to the folder that holds them';

/**
 * Messages the server itself answers with. Storefront strings of the specification that the
 * islands also show live in client/lib/messages.ts and are imported from there.
 */
export const serverMessages = {
  crumbFail: REQUEST.sessionExpired,
  rateLimited: REQUEST.tooManyRequests,
  bodyTooLarge: 'The request body is too large.',
  pageTemplateMissing: (file: string) => `no ${file} in the template folder: a folder of single templates has a .tmpl file for each page it serves (see server/theme/README.md)`,
  /** A template.conf written after the start: the folder's kind is read once, when the server starts. */
  pageTemplateMissingSinceTemplateConf: (file: string) => `no ${file} in the template folder: it was started as a folder of single .tmpl pages and has a template.conf since; restart the server to serve it as a developer template`,
  malformedJson: 'The request body is not valid JSON.',
  bodyCharsetUnsupported: 'The request body must be sent as UTF-8.',
  bodyEncodingUnsupported: 'The request body is compressed in a way the store does not read; send it uncompressed, gzip, deflate or br.',
  bodyNotDecompressed: 'The request body could not be decompressed.',
  bodyAborted: 'The request ended before its body arrived.',
  bodyUnreadable: 'The request body could not be read.',
  bodyTimedOut: 'What was being sent stopped arriving, so the store stopped waiting for it. Please try again.',
  bodyRefusedLog: 'request body refused',
  storeSeededLog: 'store seeded from fixtures',
  /** Development only: a page of another site whose name leads here (DNS rebinding) must not read the author's pages. */
  devHostRefused: 'This development server answers only to localhost, 127.0.0.1, [::1] and the names HOST or DEV_ALLOWED_HOSTS give it.',
  devHostRefusedLog: 'development request refused: its Host is not this machine (set HOST or DEV_ALLOWED_HOSTS to allow a name)',
  devStreamsFull: 'Too many pages are listening for live reload; close some tabs, then reload this one.',
  /** HOST set to every interface in development: said at start, as the server is then reachable from the network. */
  devListensEverywhereLog: 'HOST={host}: the development server listens on every interface, so other machines of the network can open its pages',
  backgroundWorkFailedLog: 'work started after a call had answered failed (a tracking write or an email delivery)',
  colorDataBackfilledLog: 'colours read for {count} images',
  /** A line's stored extra-field answers (or its product's form) are not JSON: shown without them, not failing the page. */
  lineAnswersUnreadableLog: "a line's stored extra-field answers cannot be read (they, or its product's form, are not JSON): the line is shown without them",
  // a start after an upgrade from before migration 143 issues the cards those orders paid for, without emailing them (server/commerce/gift-cards-owed.ts)
  giftCardsOwedIssuedOneLog: "issued 1 gift card for orders placed before gift cards were kept as cards: its email to the recipient was not sent; the owner finds it under Gift cards in the admin and on its order, and sends its email (or shows its code to pass on) from the card's screen",
  giftCardsOwedIssuedLog: "issued {count} gift cards for orders placed before gift cards were kept as cards: their emails to the recipients were not sent; the owner finds them under Gift cards in the admin and on their orders, and sends each one's email (or shows its code to pass on) from the card's screen",
  outboxSweepFailedLog: 'sending the emails left pending failed; the next sweep tries again',
  bodyTooDeep: 'The request body is nested more than {max} levels deep.',
  unexpected: 'Something went wrong. Please try again later.',
  notFound: 'Not found.',
  addressNotValid: 'This address is not valid: check it for a mistyped character.',
  cartEntryNotFound: 'That cart entry does not exist.',
  productNotFound: 'That product does not exist.',
  cartEmpty: 'The cart is empty.',
  cartPurchased: 'This cart has already been purchased.',
  cartFull: 'Your cart can hold at most {max} different items. Please remove one before adding another.',
  cartAnswersTooLong: 'The answers in your cart are too long. Please shorten them or remove an item.',
  extraFieldsNotAccepted: 'This product has no extra fields to answer.',
  itemIdRequired: 'itemId is required.',
  notSubscribable: 'This product cannot be bought as a subscription.',
  /** The cart refuses what the product page buys on its own (server/commerce/bought-through-cart.ts); the page's buttons are named. */
  subscriptionNotInCart: 'A subscription is not added to the cart: press Subscribe on its page to start it and check it out on its own.',
  productNoLongerSold: 'This product is no longer sold: your cart keeps the quantity it has, which you may still buy or remove.',
  giftCardNotInCart: 'A gift card is not added to the cart: choose its amount on its page and press Buy now to buy it on its own.',
  restockVariantNotSoldOut: 'This variant is in stock.',
  restockSent: 'Restock notifications sent.',
  invalidCursor: 'The cursor is invalid.',
  cannotSaveNow: 'The store cannot save changes right now. Please try again later.',
  storageFaultLog: 'database refused a write: changes cannot be saved until the file is writable again',
  storeBusy: 'The store is busy right now. Please try again in a moment.',
  /** PostgreSQL had no connection slot for the request (53300): that request only, the process stays healthy. */
  databaseFullTitle: 'The shop is very busy',
  databaseFull: 'The shop is very busy right now. Please try again in a moment.',
  tooManyClientsLog: 'PostgreSQL refused a connection: too many clients (max_connections, or a CONNECTION LIMIT of the role or database, is reached); requests that get no connection answer 503 with Retry-After. Lower DATABASE_POOL_SIZE or WORKERS: the processes of every host and launch on this database together must keep fewer connections than max_connections',
  databaseLockedLog: 'database locked by another process past the busy timeout: changes wait until the lock is released',
  /** PostgreSQL statements cancelled by the statement or lock timeout, or no connection of the pool free in time: busy, not unreachable. */
  databaseBusyLog: 'database busy: statements waited past the statement timeout or the lock timeout, or for a free connection of the pool (a long lock on a table, or more work than the connections serve); the requests that waited too long answer 503 with Retry-After, the others are served',
  databaseBusyEndedLog: 'database no longer busy: requests are served in time again',
  /** The title of the page a request PostgreSQL kept waiting too long answers (the store's own error page would ask the busy database too). */
  storeBusyTitle: 'The shop is busy',
  readOnlyLog: 'database opened read-only: pages are served, every change is refused',
  connectionBudgetLog: 'WORKERS × DATABASE_POOL_SIZE is {workers} × {poolSize} = {wanted} connections, more than the {available} PostgreSQL accepts (max_connections {maxConnections}, {reserved} of them reserved for superusers): under load requests will fail with "sorry, too many clients already"; lower DATABASE_POOL_SIZE or WORKERS, or raise max_connections (this counts only this launch: processes started separately on this machine or on other machines on the same database add up)',
  listeningLog: 'storefront listening on {url} (the owner\'s admin at {url}/config)',
  storeAddressLocalLog: 'the store\'s address is {address}, so the links in its emails and the addresses search engines are given lead there: set the address shoppers open under Settings in the owner\'s admin ({url}/config/settings)',
  /** On PostgreSQL npm run backup copies the shop's files alone: the database is pg_dump's to copy. */
  backedUpFilesOnPostgres: 'copied {files} from {uploads} and {productFiles} to {folder}; the database is on PostgreSQL (DATABASE_URL) and is not in this copy: back it up with pg_dump at the same time (pg_dump --format=custom --file=shop.dump "$DATABASE_URL")',
  noFilesOnPostgres: 'nothing copied: there are no uploaded images or product files in {uploads} or {productFiles}; the database is on PostgreSQL (DATABASE_URL): back it up with pg_dump (pg_dump --format=custom --file=shop.dump "$DATABASE_URL")',
  restoredFilesOnPostgres: 'put back the files of {folder}: {files}; the database is on PostgreSQL (DATABASE_URL): restore it with pg_restore from the dump made with this backup',
  /** A SQLite backup file named to npm run restore on PostgreSQL: only a folder of files applies there. */
  restoreFileOnPostgres: 'the store is on PostgreSQL (DATABASE_URL): its database is restored with pg_restore, not from the file {file}; npm run restore -- FOLDER puts back the uploaded images and product files a backup folder holds (one npm run backup made on PostgreSQL, or the FILE.files beside a SQLite backup)',
  restoreFolderWithoutFiles: '{folder} holds no backup of the shop\'s files (no uploads or product-files folder in it): name a folder npm run backup made',
  /** A backup of the files named inside the shop's folders (or holding one): it would be served, or remove the shop's files. */
  storeFoldersNested: 'PRODUCT_FILES_DIR ({productFiles}) and UPLOADS_DIR ({uploads}) must be separate folders, neither inside the other: the uploads folder is served at /uploads/, and the files digital products sell must stay out of it',
  /** At start: a folder setting that names a file (server/store-folders-check.ts); the start stops. */
  storeFolderNotAFolder: '{setting} ({folder}) is not a folder: {file} is a file; set {setting} to the folder the {what} are kept in (one not made yet is made at the first upload)',
  /** At start: a folder the process cannot write; a warning, as a shop may serve from folders it never writes. */
  storeFolderUnwritableLog: '{setting} ({folder}) cannot be written by this server process ({code}): the {what} already in it are served, but uploads of new ones are refused until it can be written: make it writable by the server\'s user, or set {setting} to a folder it can write',
  backupFilesInShopFolder: '{folder} is inside {shopFolder} or holds it: name a backup outside the shop\'s folders (in the uploads folder a copy of the product files would be served to anyone, and a backup written over one would replace the shop\'s files)',
  backupFolderExists: '{folder} already exists: name a new folder for the backup, or give none for one named by the time',
  backupNoStore: 'no store at {path}: set DATABASE_PATH to the store\'s file (npm start makes data/store.db on its first start)',
  restoreNoBackup: 'no backup at {path}',
  /** A backup named as the store itself (or its -wal, -shm): written over the open store, it would damage it. */
  backupOverStore: '{file} is the store itself ({path}): a backup written there would replace the file a running server has open and damage the store; name another file, such as data/backups/store.db, or give none for one named by the time',
  backupIntoFolder: '{file} is a folder: name the backup file, such as {example}',
  /** A restore whose backup is the store itself. */
  restoreFromStore: '{file} is the store itself ({path}), not a backup: name a backup file, such as one in data/backups/',
  restoreFromFolder: '{file} is a folder: name a backup file in it',
  /** An option npm run backup or restore does not take. */
  backupUnknownOption: '{problem}. {usage}',
  backedUp: 'backed up {path} to {file}; {files}',
  /** What a backup did with the shop's files, the second half of its line. */
  filesBackedUp: '{count} (uploaded images and product files) copied to {folder}',
  noFilesToBackUp: 'no uploaded images or product files to copy (none in {uploads} or {productFiles})',
  /** Files that kept changing while copied: an upload still arriving, not yet part of any product. */
  filesLeftOut: '{files}; {count} still being written left out (run npm run backup again to include them)',
  backupProgress: 'copying the shop\'s files: {done} of {total}',
  restoreProgress: 'putting back the shop\'s files: {done} of {total}',
  fileCountOne: '1 file',
  fileCountMany: '{count} files',
  restored: 'restored {path} from {file}; {files}',
  /** What a restore did with the shop's files, the second half of its line. */
  filesRestored: '{count} put back in {uploads} and {productFiles} ({unchanged} already there unchanged; files not in the backup were kept)',
  backupHeldNoFiles: 'the backup held no uploaded images or product files (made before npm run backup copied them, or of a shop without any): the files in {uploads} and {productFiles} were left as they are',
  restoreFileChanging: '{file} changed while it was being restored: run npm run restore again',
  restoreLeadsOutside: 'nothing was restored: {folder} leads outside {shopFolder} (a symbolic link), and files restored into it would be written there: replace the link with a folder, then run npm run restore again',
  /** A restore over a store moved to PostgreSQL: the operator is going back to SQLite. */
  restoredMovedStore: 'restored {path} from {file}, and removed {mark}: the file is the shop\'s store again, so a server started without DATABASE_URL serves it (it had been moved to {target} by npm run move-to-postgres, {movedOn}; what was sold or changed on PostgreSQL since is not in it). To stay on PostgreSQL instead, keep starting the server with DATABASE_URL; {files}',
  restoreStoreInUse: 'the store {path} is open in a running server: stop the server, then run npm run restore again (a running server goes on with the file it has open, and every change it made after the restore would be lost)',
  moveStoreHasWriter: 'a server is running on the store {path} and would go on taking orders there that PostgreSQL never gets: stop the server first (or restart it with DATABASE_READONLY=true), then run npm run move-to-postgres again; nothing was copied',
  storeClaimed: 'the store {path} is being moved by npm run move-to-postgres: once the move is done, run the server and the store commands on PostgreSQL (DATABASE_URL)',
  storeMoved: 'the store {path} was moved to {target} by npm run move-to-postgres ({movedOn}), so it is not opened for writing: orders and passwords changed in it would never reach PostgreSQL. Set DATABASE_URL to that database for the server and for npm run password; to use the file as the shop\'s store again all the same, delete {mark} (npm run restore of a backup into it does so itself)',
  backupUsage: 'usage: npm run backup [-- FILE] | npm run restore -- FILE',
  backupHelp: 'usage: npm run backup [-- FILE] | npm run restore -- FILE\n\nnpm run backup copies the store (DATABASE_PATH, default data/store.db) to FILE (by default backups/store-TIME.db in the store\'s folder: data/backups/…) while the server runs, and checks the copy; the uploaded images (UPLOADS_DIR) and the product files (PRODUCT_FILES_DIR) are copied beside it, into FILE.files/uploads and FILE.files/product-files.\nnpm run restore checks the backup FILE and puts it in the store\'s place, and puts back the files of FILE.files (files not in the backup are kept): stop the server first, and start it again after.\nOn PostgreSQL (DATABASE_URL) the database is backed up with pg_dump: npm run backup [-- FOLDER] copies the uploaded images and product files alone (by default to backups/files-TIME beside the uploads folder), and npm run restore -- FOLDER puts them back.',
  passwordUsage: 'usage: npm run password -- EMAIL (gives the account that signs in with EMAIL a new password, printed once, and signs it out everywhere)',
  passwordNoAccount: 'no account signs in with {email} in {store}',
  /** The store could not be opened (PostgreSQL away, a wrong password in DATABASE_URL): which store, and why. */
  passwordStoreUnreachable: 'cannot open {store}: {reason} (check DATABASE_URL, or DATABASE_PATH for the SQLite file)',
  /** PostgreSQL had no connection slot for the command (53300): the URL is right, the server is full. */
  passwordStoreFull: 'cannot open {store}: PostgreSQL refused a connection: too many clients ({reason}); try again in a moment, and lower DATABASE_POOL_SIZE or WORKERS of the servers on this database so that a command finds a free connection',
  passwordNoStore: 'no store at {path}: set DATABASE_PATH to the store\'s file, or DATABASE_URL to its PostgreSQL database',
  passwordSet: 'new password for {email} in {store}: {password}\n(shown only this once; every session of the account was signed out; change it under Account in the admin)',
  portInUseLog: 'port {port} is already in use on {host}: stop the program that holds it (another storefront?), or set PORT to a free port',
  portDeniedLog: 'not allowed to listen on port {port} on {host}: set PORT to 1024 or above, or HOST to an address this machine has',
  databaseUnreachableLog: 'database unreachable: pages, calls and health answer 503 until it answers again',
  workersStartingLog: 'starting server processes',
  workersServingLog: '{workers} server processes serve {url} from {store}',
  sqliteStoreLog: 'the SQLite file {path}',
  postgresStoreLog: 'PostgreSQL at {address}',
  workerExitedLog: 'a server process exited; starting another',
  /** The WORKERS primary stopping because a server process cannot serve (its own line says why). */
  workerCannotServeLog: 'a server process cannot serve (its line above says why), and the others would meet the same: stopping them all',
  databaseReachedLog: 'database reachable again: serving the store',
  /** A server on a database a move began filling and never finished: it waits for a move to land instead of seeding a demo store (unfinished-move-mark.ts). */
  unfinishedMoveLog: 'the database is empty because npm run move-to-postgres began moving a store into it and did not finish, so no demo store is seeded there: serving the maintenance page (503) and looking again every 2 s. Run the move again (its last line said why it stopped); the store takes over once it lands, without a restart. To open a new shop there instead, drop the database and make it again as before (dropdb …, createdb -O …)',
  movedStoreArrivedLog: 'the move into the database has landed: serving the store',
  databaseConnectionsClosedLog: 'the database closed idle connections and still answers: new ones are opened as needed',
  databaseConnectionErrorLog: 'an idle database connection failed; the pool opens a new one when needed',
  clientBuildMissingLog: "the client build is missing (dist/client/manifest.json): pages are served without their scripts and the owner's admin cannot sign in; run 'npm run build:client' (npm start and npm run dev build it themselves)",
  captchaStoredKeyLog: 'CAPTCHA_SECRET is not set: captcha tokens are signed with a key the store made and keeps in its database (shared by every process on it); set CAPTCHA_SECRET to choose the key yourself',
  captchaProcessKeyLog: 'captcha tokens are signed with a key made by this process (the read-only store holds none): only this process accepts them, until it restarts; set CAPTCHA_SECRET',
  maintenanceTitle: 'Closed for maintenance',
  maintenanceText: 'The store cannot open its records right now. Please try again later.',
  /** The database server cannot be reached for now (a restart, the network): no maintenance, and it mends itself. */
  outageTitle: 'The shop is unavailable for a moment',
  outageText: 'The shop cannot reach its records right now. Please try again in a minute.',
  corruptionLog: 'database file is corrupt: serving the maintenance page (503) until restarted with a sound file (restore a backup: npm run backup makes one)',
  startupFailureLog: 'database cannot be opened: serving the maintenance page (503) until restarted with a usable database',
  startupFailureRetriedLog: 'database cannot be opened: serving the maintenance page (503) and trying again every 2 s; the store takes over once it opens',
  startupTooManyClientsLog: 'PostgreSQL refused a connection: too many clients (max_connections, or a CONNECTION LIMIT of the role or database, is reached): serving 503 and trying again every 2 s; lower DATABASE_POOL_SIZE or WORKERS of the processes on this database',
  migrationsAppliedLog: 'applied migrations {migrations} to {database}',
  /** A client past a call's budget: said once per client and call per window, with how many were refused since the last line. */
  rateLimitReachedLog: 'rate limit reached',
  /** Many at once (a first start): the first and last named, the whole list in the line's `migrations`. */
  manyMigrationsAppliedLog: 'applied migrations {first} through {last} ({count} migrations) to {database}',
  newerSchemaLog: 'the database was upgraded by a newer build (migration {migration}); run that build or newer',
  // a build in dist/ beside sources updated without building them (git pull, then npm start on a production install)
  unbuiltMigrationsLog: 'the sources were updated without a new build (migration {migration} is not in the build in dist/); nothing was applied: run npm ci && npm run build (and npm prune --omit=dev on a production install), then start again',
  ownTheDatabaseAdvice: OWN_THE_DATABASE,
  migrationsNotPermittedLog: `{role} may not make tables in the database ({reason}): ${OWN_THE_DATABASE}, then start the server again`,
  unsafeLink: 'externalLink must be a path on this site or an http, https, mailto or tel address.',
  fileNotFound: 'Not found: no such file.',
  giftCardCodeShownLog: 'gift card code shown in the admin',
  uploadCleanedLog: 'an image uploaded before metadata was removed at upload was saved again without its EXIF (camera, GPS position), XMP and IPTC',
  uploadNotCleanedLog: 'an uploaded image could not be read to remove its metadata (EXIF, GPS position): it is not served as stored (its widest copy answers, else 404); upload it again in the admin',
  uploadSizeNotRecordedLog: 'an uploaded image was cleaned of its metadata, but its new size could not be recorded: the admin may show the file size it had before, and the shop its width and height from before it was turned upright',
  uploadCopiesNotRecordedLog: 'the resized copies of an uploaded image were made, but which ones could not be recorded: its srcset may list widths it has no copy of until they are next made (those answer its original)',
  /** At start-up: uploaded files the store names are not in the folder in use (server/admin/missing-uploads.ts). */
  uploadsMissingLog: `${UPLOADS_MISSING} (on PostgreSQL, the uploads folder of the shop's SQLite days, such as data/uploads beside its file) and restart`,
  productFilesMissingLog: `${PRODUCT_FILES_MISSING} and restart`,
  /** npm run backup: the same check of the copy made, since a shop restored from it would lack those files (server/commands/backup.ts). */
  uploadsMissingInBackup: `${UPLOADS_MISSING} and run npm run backup again, so that the backup holds them`,
  productFilesMissingInBackup: `${PRODUCT_FILES_MISSING} and run npm run backup again, so that the backup holds them`,
  /** An upload refused because its folder's disk is full (server/admin/upload-folder-faults.ts). */
  uploadFolderFullLog: '{upload} refused: the disk of the {folderName} {folder} ({setting}) has no free space left ({code}); nothing of it was kept: free space on that disk',
  /** An upload refused because the server may not write its folder (read-only, not its user's, not a folder). */
  uploadFolderUnwritableLog: '{upload} refused: the {folderName} {folder} ({setting}) cannot be written ({code}); nothing of it was kept: make it a folder the server\'s user can write, or set {setting} to one',
  /** At start: temporary files of uploads a stopped process was writing (server/admin/partial-files.ts). */
  partialFilesRemovedLog: 'removed {count} partly written upload files that a stopped server process left in {folder}',
  /** A shutdown whose drain ran out of time (server/main.ts): what it cut off, and the exit code. */
  drainCutOffLog: 'shutdown cut off after {seconds} s: requests still in flight: {requests} ({kinds}); work started after an answer and not finished (emails being sent, tracking records): {work}; partly written upload files removed: {partials}; exiting with code {code}',
  uploadCleanedInMemoryLog: 'an uploaded image carries metadata (EXIF, GPS position) and could not be saved again without it: it is served cleaned from memory; make the uploads folder writable',
  get pageNotFoundTitle(): string { return PAGE_WORDS.pageNotFoundTitle; },
  get errorPageTitle(): string { return PAGE_WORDS.errorPageTitle; },
  get accessDeniedTitle(): string { return PAGE_WORDS.accessDeniedTitle; },
  get memberSignInTitle(): string { return PAGE_NOTES.memberSignInTitle; },
  get memberSignInIncomplete(): string { return PAGE_NOTES.memberSignInIncomplete; },
  get memberPasswordChanged(): string { return PAGE_NOTES.memberPasswordChanged; },
  get memberForgotPasswordTitle(): string { return PAGE_NOTES.memberForgotPasswordTitle; },
  get memberForgotPasswordNotAnEmail(): string { return PAGE_NOTES.memberForgotPasswordNotAnEmail; },
  get memberResetLinkSent(): string { return PAGE_NOTES.memberResetLinkSent; },
  get memberResetNeedsContact(): string { return PAGE_NOTES.memberResetNeedsContact; },
  get memberResetContactLink(): string { return PAGE_NOTES.memberResetContactLink; },
  get memberResetPasswordTitle(): string { return PAGE_NOTES.memberResetPasswordTitle; },
  get memberResetLinkInvalid(): string { return PAGE_NOTES.memberResetLinkInvalid; },
  get memberResetLinkReplaced(): string { return PAGE_NOTES.memberResetLinkReplaced; },
  get formExpired(): string { return PAGE_NOTES.formExpired; },
  get newsletterTitle(): string { return PAGE_WORDS.newsletterTitle; },
  get newsletterDescription(): string { return PAGE_WORDS.newsletterDescription; },
  get searchTitle(): string { return PAGE_WORDS.searchTitle; },
  get searchQueryCut(): string { return PAGE_NOTES.searchQueryCut; },
  // the page's one summary when a typo was put right (it stands in for '1 result for “…”')
  get searchCloseMatch(): string { return PAGE_NOTES.searchCloseMatch; },
  get searchResultOne(): string { return PAGE_NOTES.searchResultOne; },
  get searchResultMany(): string { return PAGE_NOTES.searchResultMany; },
  get cartTitle(): string { return PAGE_WORDS.cartTitle; },
  get checkoutTitle(): string { return PAGE_WORDS.checkoutTitle; },
  /** The checkout form arrived as a plain form post (scripts off, or an old page): nothing was bought. */
  get checkoutNotPlaced(): string { return PAGE_NOTES.checkoutNotPlaced; },
  get orderConfirmedTitle(): string { return PAGE_WORDS.orderConfirmedTitle; },
  get orderNoEmailNote(): string { return PAGE_NOTES.orderNoEmailNote; },
  // the confirmation page of an order whose confirmation email failed for good (refused by the mail server, or given up)
  get orderEmailNotSentNote(): string { return PAGE_NOTES.orderEmailNotSentNote; },
  /** A gift card bought from a store without a mail server: its code is not emailed to the recipient. */
  get giftCardNoEmailNote(): string { return PAGE_NOTES.giftCardNoEmailNote; },
  /** A gift card bought before the store kept cards: the card was issued on its upgrade, and its email has not been sent. */
  get giftCardNotEmailedNote(): string { return PAGE_NOTES.giftCardNotEmailedNote; },
  get subscriptionConfirmedTitle(): string { return PAGE_WORDS.subscriptionConfirmedTitle; },
  get giftCardTitle(): string { return PAGE_WORDS.giftCardTitle; },
  newOrderEmailSubject: 'New order {orderNumber}: {total} from {customerName}',
  passwordResetNoAddressLog: 'a password reset link was asked for, but the store has no address to link to: set it under Settings (Shop web address)',
  passwordResetFailedLog: 'a password reset link could not be made or sent',
  staffInvitationEmailSubject: 'You have been added to the staff of {siteTitle}',
  // what became of one email's delivery (server/email/mailer.ts); {time} is HH:MM UTC, the line's retryAt/resendableAt field the instant
  emailSentLog: 'an email was sent through SMTP and recorded as sent',
  emailRefusedLog: 'an email was refused by the mail server for good ({reason}): it is marked failed in the outbox, for the owner to read and send again',
  emailRetryLog: 'an email could not be sent through SMTP for now ({reason}): it stays pending in the outbox and is tried again at {time} UTC',
  emailRetryTooLateLog: 'an email could not be sent through SMTP for now ({reason}): it stays pending in the outbox, and no try is left before {time} UTC, when the outbox sweep gives it up as too late',
  emailNotRecordedLog: 'the mail server accepted an email, but the store could not record it as sent ({reason}): it is not sent again meanwhile; recording it is tried again until {time} UTC',
  emailRecordedLateLog: 'an email the mail server accepted was recorded as sent after {tries} tries: it is not sent again',
  emailNeverRecordedLog: 'the mail server accepted an email, but the store could not record it as sent ({reason}): it stays pending in the outbox, and the outbox sweep may send it a second time from {time} UTC',
  emailGivenUpLog: 'an email was given up, never sent: {reason}',
  // the outbox's error of a pending email the mail server could not take for now, shown to the owner with the order's emails
  emailWaitsToRetry: 'Waiting to be sent again: the mail server could not take it for now ({reason}). The store tries again by itself, less and less often, until it goes out or is given up as too late.',
  emailLeftPendingLog: 'an email could not be sent or recorded: it stays pending in the outbox, and the outbox sweep tries it again',
  get shopBrowseInvalid(): string { return PAGE_NOTES.shopBrowseInvalid; },
  get sortFeatured(): string { return PAGE_NOTES.sortFeatured; },
  get sortNewest(): string { return PAGE_NOTES.sortNewest; },
  get sortPriceLowToHigh(): string { return PAGE_NOTES.sortPriceLowToHigh; },
  get sortPriceHighToLow(): string { return PAGE_NOTES.sortPriceHighToLow; },
  get allProducts(): string { return PAGE_NOTES.allProducts; },
  get shopUnknownCategory(): string { return PAGE_NOTES.shopUnknownCategory; },
  get shopUnknownTag(): string { return PAGE_NOTES.shopUnknownTag; },
  get shopSeeAllProducts(): string { return PAGE_NOTES.shopSeeAllProducts; },
  // the outbox's error for a restock notice the sweep gave up (migration 136 writes the same words)
  restockNoticeTooLate: 'Not sent: still waiting two days after it was written, too late to say the item is back. The request waits for the next Notify.',
  // the outbox's errors for the other emails the sweep gives up instead of sending late
  // (server/email/late-email.ts; migration 137 writes the same words)
  emailTooLate: 'Not sent: still waiting two days after it was written, so it was given up rather than sent late. Send it again if it is still of use.',
  passwordLinkTooLate: 'Not sent: still waiting when the password link in it was about to expire, so it was given up. A new link can be asked for from the sign-in page.',
  // the outbox's error for a password link email a newer link replaced before it went out (server/email/replaced-link-emails.ts)
  passwordLinkReplaced: 'Not sent: a newer link to choose a password was made for this account before it went out, and the newer email carries the link that works.',
  staffInvitationTooLate: 'Not sent: still waiting when the link in it to choose a password was about to expire, so it was given up. Give them a new password under Staff.',
  mailingListConfirmationTooLate: 'Not sent: still waiting when its confirmation link was about to expire, so it was given up. The address joins the mailing list only if it signs up again.',
  emailPerhapsSent: 'Perhaps sent: the process sending it stopped before the mail server answered, and it is now too late to try again. Check with the recipient before sending it again.',
  get mailingListConfirmTitle(): string { return PAGE_WORDS.mailingListConfirmTitle; },
  get mailingListConfirmed(): string { return PAGE_NOTES.mailingListConfirmed; },
  get mailingListBackToShop(): string { return PAGE_NOTES.mailingListBackToShop; },
  get mailingListBackToSignUpPage(): string { return PAGE_NOTES.mailingListBackToSignUpPage; },
  get mailingListLinkInvalid(): string { return PAGE_NOTES.mailingListLinkInvalid; },
} as const;

/** Fills {name} placeholders of a catalogue message. */
export function fillMessage(message: string, values: Record<string, string | number>): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
