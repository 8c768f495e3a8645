/**
 * The spec's user-facing strings. They are the contract: tests compare against these exact values.
 * Each group is its own constant so a Lambda bundles only the groups it uses; `messages` gathers the public ones.
 * The back office's groups live in admin-messages.ts (re-exported here): a module is bundled whole, so keeping
 * them apart keeps them out of the public pages' first download.
 */
export * from './admin-messages.js';

/** '1 minute', '8 minutes': the wait a 429 names (its Retry-After in minutes, rounded up). */
const minutes = (n: number) => `${n} minute${n === 1 ? '' : 's'}`;

export const appMessages = {
  initializing: 'Initializing application...',
  settingsFallback: 'Settings could not be loaded. Using default settings.',
  unexpected: 'Unexpected Application Error!',
} as const;

export const catalogueMessages = {
  loading: 'Loading products...',
  errorTitle: 'Error Loading Products',
  errorBody: "We're having trouble loading the products. Please try refreshing the page or come back later.",
  emptyTitle: 'No Products Found',
  emptyForQuery: (query: string) => `No products match "${query}". Try adjusting your search or filters.`,
  emptyNone: 'No products available at the moment. Please check back later.',
} as const;

/** Cart and checkout against the catalogue now (the spec has no copy for a price change: ours, in its tone). */
export const cartMessages = {
  checkingPrices: 'Checking current prices...',
  pricesChangedTitle: 'Prices have changed since you added these items',
  pricesChangedBody: 'Your earnings below use the current prices.',
  priceChanged: (name: string, from: string, to: string) => `${name}: was ${from}, now ${to} per box`,
  priceWas: (from: string) => `was ${from}`,
  outOfStock: 'Out of Stock',
  discontinued: 'No longer available',
  unavailableTitle: 'Some items cannot be sold right now',
  reviewCart: 'Review your cart',
  pricesMovedOnSubmit:
    'Prices or stock changed just now. Please review your order before completing the sale.',
} as const;

export const checkoutMessages = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  email: 'Invalid email address',
  phonePattern: 'Please enter a valid phone number',
  phoneDigits: 'Phone number must be 10 digits (or 11 with country code)',
  address: 'Address is required',
  city: 'City is required',
  state: 'Valid state code is required',
  zipCode: 'Valid ZIP code is required',
  /** The API's answer (spec 000: 'Invalid PayPal email address'); the form shows `email`'s, as for any address. */
  paypalEmail: 'Invalid PayPal email address',
  cashtag: 'Invalid Cashtag format',
  zelleInfo: 'Valid email or phone number required',
  venmoUsername: 'Invalid Venmo username format',
  bankAccount: 'Invalid bank account number',
  routingNumber: 'Invalid routing number (must be 9 digits)',
  btcAddress: 'Invalid Bitcoin address',
  ethAddress: 'Invalid Ethereum address',
  solAddress: 'Invalid Solana address',
  usdcAddress: 'Invalid USDC-ERC20 address',
  usdtAddress: 'Invalid USDT-TRC20 address',
  payoutMethod: 'Please choose a payout method',
  payoutMethodUnavailable: 'This payout method is not available. Please choose another.',
  attestation: 'Please confirm that your items meet the acceptance conditions',
  itemsRequired: 'Your cart is empty',
  quantity: 'Quantity must be a whole number of boxes',
  idempotencyKey: 'An Idempotency-Key header with a UUID is required',
  idempotencyMismatch:
    'This checkout attempt was already submitted with different details. Please review your order and submit again.',
  productUnavailable: (names: string) => `No longer available: ${names}. Please remove it from your cart.`,
  productUnknown: 'One or more products in your cart no longer exist. Please remove them and try again.',
  tooMany: (n: number) =>
    `You've placed several orders in a short time. Please try again in ${minutes(n)}, or contact us if you need help.`,
} as const;

/** The checkout page's own copy: the API never answers with these, so checkout's Lambda does not bundle them. */
export const checkoutPageMessages = {
  offline: "You're currently offline. Your order will be saved and processed when you're back online.",
  createFailed: 'An unexpected error occurred while creating your order',
  submitting: 'Processing Your Payment...',
  /** The processing screen after a successful order, shown at 1 s, 2 s and 3 s. */
  processingSteps: ['Processing your shipment...', 'Creating your shipping label...', 'Completed!'],
} as const;

export const orderMessages = {
  noToken: 'No access token provided',
  invalidToken: 'Invalid access token',
  notFound: 'Order not found',
  expired: 'This order link has expired',
  validateFailed: 'Failed to validate access token',
  loadFailed: 'Failed to load order details',
  problemTitle: 'There was a problem',
  unknownOrder: "We couldn't find the order you're looking for.",
  missingShipping: 'Missing Shipping Information',
  /** A label asked for on an order staff cancelled: none is bought. */
  cancelledNoLabel: 'This order was cancelled, so no shipping label can be created for it.',
  /** The prefilled text of the support dialog's 'Text Us'. */
  supportText: (orderNumber: string) => `Hi I have a question about my Order #${orderNumber}`,
} as const;

export const lookupMessages = {
  required: 'Order ID and email are required',
  invalidCredentials: 'Invalid credentials',
  notFound: 'Order not found',
  failed: 'Failed to load order',
  tooMany: (n: number) => `Too many unsuccessful attempts. Please try again in ${minutes(n)}.`,
} as const;

export const trackingMessages = {
  pendingTitle: "We Haven't Received Your Shipment Yet",
  pendingText: 'Your order will be processed right away once your package arrives.',
  processingTitle: "We're Evaluating Your Shipment",
  processingText:
    'Your package has arrived and our team is checking your items. You will be paid within 36 hours of arrival.',
  completedTitle: 'Your Shipment is Complete!',
  completedText: 'Your payment has been processed. Thank you for selling with us!',
  otherTitle: 'Order Status',
  otherText: (status: string) => `Current status: ${status}.`,
  /** A cancelled order: nothing is in progress any more, and the box should not be sent. */
  cancelledTitle: 'This Order Was Cancelled',
  cancelledText:
    'Please do not ship this box: we are not expecting it and will not pay for it. Contact us if you have any questions.',
  cancelledStep: 'cancelled',
} as const;

/** What the seller sees of the inspection of their box, and their answer (issue 40). */
export const inspectionMessages = {
  title: 'What we found in your box',
  quote: 'Original quote',
  amountDue: 'Amount due to you',
  accepted: (count: number) => `${count} accepted at full value`,
  reduced: (count: number, price: string, reason: string) => `${count} accepted at ${price} each: ${reason}`,
  rejected: (count: number, reason: string) => `${count} not accepted: ${reason}`,
  notReceived: 'Not received',
  extrasTitle: 'Items that were not on your order',
  awaitingTitle: 'Some items were reduced or not accepted',
  awaitingText:
    'Some items were reduced or not accepted. Accept the amount due, or ask for the items we did not accept back: we send them to you with a prepaid label, and pay the amount due for the rest.',
  answerBy: (date: string) =>
    `Please choose by ${date}. If we do not hear from you, we will pay the amount due.`,
  accept: 'Accept',
  accepting: 'Accepting...',
  askBack: 'Ask for my items back',
  askingBack: 'Sending...',
  returnedItems: 'These items come back to you:',
  contaminatedNote: 'Contaminated items are never returned.',
  answered: {
    accepted: 'You accepted the amount due. We will pay it shortly.',
    return_requested: 'You asked for your items back. We will send them with a prepaid return label.',
    auto_accepted: 'The time to answer has ended: we will pay the amount due.',
    not_needed: 'Everything was accepted at full value. We will pay it shortly.',
    awaiting: '',
  },
  returnLabelReady: 'Your items are on their way back:',
  answerFailed: 'Your answer could not be saved. Please try again.',
  invalidToken: 'Invalid access token',
  invalidAnswer: 'Please choose Accept or Ask for my items back',
  notInspected: 'This order has not been inspected yet',
  alreadyAnswered: 'This inspection has already been answered',
  windowEnded: 'The time to answer this inspection has ended',
  nothingToAnswer: 'There is nothing to answer: everything was accepted at full value',
  nothingToReturn: 'There are no items to return: contaminated items are never returned',
  windowOpen: 'The time to answer has not ended yet',
  tracking: 'To answer, open the link in the e-mail we sent you about this inspection.',
  tooMany: (n: number) => `Too many attempts. Please try again in ${minutes(n)}.`,
  // The web's own words (the shared summary and the tracking page).
  receivedCount: (count: number) => `${count} received`,
  lineDue: 'Due for this line',
  answerFromEmail:
    'To accept or ask for your items back, open the link in the e-mail we sent you about this inspection.',
  answerTitle: 'Your answer',
  returnedTracking: (number: string) => `Return tracking number: ${number}`,
  photoAlt: (name: string, n: number) => `Photo ${n} of ${name}`,
} as const;

export const contactMessages = {
  name: 'Name is required',
  email: 'Invalid email address',
  phone: 'Valid phone number is required',
  subject: 'Subject is required',
  message: 'Message must be at least 10 characters',
  submitFailed: 'Failed to submit form. Please try again.',
  thanks: 'Thank you for your message!',
  ticketNumber: (n: string) => `Your ticket number is: ${n}`,
  respond: "We'll respond to your inquiry as soon as possible.",
  save: 'Please save this ticket number for reference.',
  tooMany: (n: number) => `You've sent several messages in a short time. Please try again in ${minutes(n)}.`,
} as const;

export const payoutMessages = {
  noneAvailable: 'No payment methods are currently available. Please contact support.',
} as const;

export const productMessages = {
  loading: 'Loading product details...',
  error: 'Error loading product details. Please try again later.',
  notFound: 'Product not found.',
} as const;

/** Shipping labels, the QR page and their errors (spec 000 §2 and §8). */
export const labelMessages = {
  generate: 'Generate Shipping Label',
  print: 'Print Label',
  qrButton: 'USPS QR Code',
  generating: 'Generating your shipping label...',
  requested: 'Your label request is in the queue...',
  purchasing: 'Buying your prepaid USPS label...',
  ready: 'Your prepaid shipping label is ready.',
  failed: 'Failed to generate shipping label',
  noLabelUrl: 'No label URL returned from shipping service',
  settingsMissing: 'Shipping settings are not configured. Please contact support.',
  keyMissing: 'Shipping API key is not configured. Please contact support.',
  settingsLoadFailed: 'Failed to load shipping settings',
  settingsNotFound: 'Shipping settings not found',
  carrierAccountMissing: 'Shipping carrier account is not configured. Please contact support.',
  warehouseMissing: 'Shipping warehouse address is not configured. Please contact support.',
  addressUnverified: (reason: string) =>
    `We could not verify your shipping address (${reason}). Please contact support to correct it.`,
  providerRejected: (reason: string) => `The shipping service refused this label: ${reason}`,
  noUspsRate: 'No USPS rate is available for this shipment. Please contact support.',
  configureSettings: 'Configure Shipping Settings',
  expired:
    'Your label expired after 7 days unused and was refunded. Generate a new one when you are ready to ship.',
  testModeTitle: 'Test Mode',
  testModeText: 'This is a test label. It will not work for real shipping.',
  qrTitle: 'USPS Label Broker QR Code',
  qrSteps: [
    'Take this QR code to any USPS Post Office location.',
    'Show the QR code to the clerk at the counter.',
    'The clerk scans it and prints your prepaid shipping label.',
    'Attach the label to your box and hand it over to ship.',
  ],
  qrHelp: 'Need help? Contact our support team and mention your order number.',
  qrMissing: 'QR code data not available. Please try regenerating the label.',
  qrLoadFailed: 'Unable to load QR code data. Please try again later.',
  qrImageFailed: 'Failed to load QR code image. Please try again later or contact support.',
  qrRegenerateFailed: 'Failed to regenerate QR code. Please try again later or contact support.',
  tooManyLabels: (n: number) =>
    `You've requested several shipping labels in a short time. Please try again in ${minutes(n)}, or contact support.`,
  tooManyQrCodes: (n: number) =>
    `You've requested several new QR codes in a short time. Please try again in ${minutes(n)}, or contact support.`,
  shipmentNotFound: 'Shipment not found',
  orderIdRequired: 'Order ID is required',
  shipmentDataNotFound: 'Shipment data not found',
  noLabelForShipment: 'No label URL found for this shipment',
  noQrUrl: 'No QR code URL returned',
  invalidSignature: 'Invalid webhook signature',
} as const;

/** Text fields and control characters (issue 13): named per field so an API caller knows which one. */
export const textMessages = {
  controlCharacters: (label: string) =>
    `${label} contains characters that are not allowed (control characters such as tabs or line breaks)`,
  controlCharactersMultiLine: (label: string) =>
    `${label} contains characters that are not allowed (control characters other than line breaks)`,
} as const;

export const apiMessages = {
  invalidProductId: 'Invalid product id: expected a product UUID',
  productNotFound: 'Product not found',
  notFound: 'Not found',
  invalidRequest: 'Invalid request',
  invalidJson: 'Request body must be valid JSON',
  notJson: 'Request body must be JSON, sent with Content-Type: application/json',
  unauthorized: 'Authentication required',
  forbidden: 'Admin access required',
  /** A request that did not come through the site (CloudFront), e.g. straight to the API's own endpoint. */
  directAccess: 'Requests must be made through the website',
  internal: 'Internal server error',
  busy: 'The server is busy. Please try again in a moment.',
  settingsLoadFailed: 'Failed to load settings',
} as const;

/** Staff sign-in, the guard and the back office's frame (spec 001 §2, §5, §8). */
export const authMessages = {
  checking: 'Checking authentication...',
  heading: 'Sign in to your account',
  submit: 'Sign in',
  signInTo: (path: string) => `Please sign in to access ${path}`,
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  passwordMin: 'Password must be at least 8 characters',
  passwordUpper: 'Password must contain at least one uppercase letter',
  passwordLower: 'Password must contain at least one lowercase letter',
  passwordNumber: 'Password must contain at least one number',
  passwordSpecial: 'Password must contain at least one special character',
  breached:
    'This password appears in known data breaches. For security, please change your password after logging in.',
  signInFailed: 'Failed to sign in',
  signOutFailed: 'Failed to sign out',
  checkFailed: 'Failed to check auth',
  unexpected: 'An unexpected error occurred',
  /** First sign-in of a user created by staff (Cognito's NEW_PASSWORD_REQUIRED). */
  newPasswordHeading: 'Choose a new password',
  newPasswordIntro: 'This is your first sign-in. Choose a new password to finish signing in.',
  newPasswordSubmit: 'Set password and sign in',
  passwordsDiffer: 'Passwords do not match',
  logout: 'Logout',
  required: 'Authentication required',
  /** Signed in, but the account is not in the staff group (the server's 403 on the session check). */
  adminRequired: 'Admin access required',
  adminRequiredDetail: 'This account is signed in but does not have access to the back office.',
  tryAgain: 'Try again',
  /** Two-step verification with an authenticator app (TOTP MFA, required in prod). */
  totpSetupHeading: 'Set up two-step verification',
  totpSetupIntro:
    'Scan this QR code with an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password), then enter the 6-digit code it shows.',
  totpQrAlt: 'QR code to add this account to an authenticator app',
  totpQrFailed: 'The QR code could not be drawn. Enter the key below in your authenticator app instead.',
  totpSecretLabel: "Can't scan it? Enter this key in the app:",
  totpCodeHeading: 'Enter your verification code',
  totpCodeIntro: 'Open your authenticator app and enter the 6-digit code it shows for this account.',
  totpCodeLabel: 'Verification code',
  totpCodeRequired: 'Verification code is required',
  totpCodeFormat: 'Verification code must be 6 digits',
  totpWrongCode: 'Invalid verification code. Please try again.',
  totpSubmit: 'Verify and sign in',
  /** A step of Cognito's this back office does not offer (SMS or e-mail codes, custom challenges...). */
  unsupportedStep: 'This sign-in step is not supported. Please contact your administrator.',
} as const;

/**
 * The public side's messages in one object. The back office's sections are left out on purpose: the public
 * pages import this object, so anything in it ships in their first download. Back-office code imports its
 * own sections (adminOrderMessages, authMessages...) by name, and they load with its chunks.
 */
export const messages = {
  app: appMessages,
  catalogue: catalogueMessages,
  cart: cartMessages,
  checkout: checkoutMessages,
  checkoutPage: checkoutPageMessages,
  order: orderMessages,
  lookup: lookupMessages,
  tracking: trackingMessages,
  inspection: inspectionMessages,
  contact: contactMessages,
  payout: payoutMessages,
  product: productMessages,
  label: labelMessages,
  api: apiMessages,
} as const;
