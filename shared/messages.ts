/**
 * The spec's user-facing strings. They are the contract: tests compare against these exact values.
 * Each group is its own constant so a Lambda bundles only the groups it uses; `messages` gathers them all.
 */
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
  paypalEmail: 'Invalid email address',
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
  offline: "You're currently offline. Your order will be saved and processed when you're back online.",
  createFailed: 'An unexpected error occurred while creating your order',
  submitting: 'Processing Your Payment...',
  /** The processing screen after a successful order, shown at 1 s, 2 s and 3 s. */
  processingSteps: ['Processing your shipment...', 'Creating your shipping label...', 'Completed!'],
  idempotencyKey: 'An Idempotency-Key header with a UUID is required',
  idempotencyMismatch:
    'This checkout attempt was already submitted with different details. Please review your order and submit again.',
  productUnavailable: (names: string) => `No longer available: ${names}. Please remove it from your cart.`,
  productUnknown: 'One or more products in your cart no longer exist. Please remove them and try again.',
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
  /** The prefilled text of the support dialog's 'Text Us'. */
  supportText: (orderNumber: string) => `Hi I have a question about my Order #${orderNumber}`,
} as const;

export const lookupMessages = {
  required: 'Order ID and email are required',
  invalidCredentials: 'Invalid credentials',
  notFound: 'Order not found',
  failed: 'Failed to load order',
  tooMany: (minutes: number) =>
    `Too many unsuccessful attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
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
  shipmentNotFound: 'Shipment not found',
  orderIdRequired: 'Order ID is required',
  shipmentDataNotFound: 'Shipment data not found',
  noLabelForShipment: 'No label URL found for this shipment',
  noQrUrl: 'No QR code URL returned',
  invalidSignature: 'Invalid webhook signature',
} as const;

export const apiMessages = {
  invalidProductId: 'Invalid product id: expected a product UUID',
  productNotFound: 'Product not found',
  notFound: 'Not found',
  invalidRequest: 'Invalid request',
  invalidJson: 'Request body must be valid JSON',
  unauthorized: 'Authentication required',
  forbidden: 'Admin access required',
  internal: 'Internal server error',
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
} as const;

/** The overview (spec 001 §2, §8, §9). */
export const dashboardMessages = {
  totalPayments: 'Total Payments',
  inboundShipments: 'Inbound Shipments',
  averageOrderValue: 'Avg. Order Value',
  recentOrders: 'Recent Orders',
  noRecentOrders: 'No recent orders found',
  loadFailed: (message: string) => `Error loading dashboard data: ${message}`,
  tryAgain: 'Try again',
} as const;

/** Orders list and order detail (spec 001 §2, §5, §8). */
export const adminOrderMessages = {
  empty: 'No orders found',
  emptyHint: 'Try adjusting your search or filter criteria',
  loadFailed: 'Error loading orders',
  loadFailedHint: 'Please try again later',
  detailFailedTitle: 'Error Loading Order',
  detailFailed: 'Unable to load order details. Please try again later.',
  notFound: 'Order not found',
  statusFailed: 'Failed to update order status. Please try again.',
  invalidStatus: 'Please choose a valid order status',
  confirmComplete: 'Mark this order as completed? The customer will be emailed that they have been paid.',
  /** The completion confirmation's title and button, the same on the orders list and the order detail. */
  confirmCompleteTitle: (orderId: string) => `Complete order ${orderId}?`,
  confirmCompleteAction: 'Complete order',
  paymentFailed: 'Error logging payment. Please try again.',
  paymentAmount: 'Please enter a valid payment amount',
  paymentAmountInvalid: 'Invalid payment amount',
  paymentMethod: 'Please select a payment method',
  noteFailed: 'Failed to save note. Please try again.',
  noteEmpty: 'Please enter a note',
  uploadFailed: 'Failed to upload images. Please try again.',
  deleteImageFailed: 'Failed to delete image. Please try again.',
  confirmDeleteImage: 'Are you sure you want to delete this image?',
  maxFiles: 'Maximum 10 files allowed',
  filesTooLarge: (files: string) => `Files must be under 7MB each. ${files} exceed the limit.`,
  filesBadType: (files: string) => `Only JPEG, PNG, and WebP images are allowed. ${files} are not valid.`,
  /** The confirm step found a stored object that is not what its upload promised. */
  imageRejected: (file: string) => `${file} is not a valid JPEG, PNG or WebP image under 7MB.`,
  imageNotUploaded: 'The image upload did not complete. Please try again.',
  imageNotFound: 'Image not found',
  completionSent: 'Order completion email sent successfully',
  completionFailed: 'Failed to send completion email',
  confirmationSent: 'Order confirmation email sent successfully',
  confirmationFailed: 'Failed to send confirmation email',
  invalidOrderData: 'Invalid order data',
  templateNotFound: (name: string) => `Template not found: ${name}`,
  missingCustomer: 'Missing customer data',
  missingShipping: 'Missing shipping address',
  invalidProducts: 'Invalid products data',
  searchTooLong: 'Search must be at most 100 characters',
  invalidShipmentStatus: 'Please choose a valid shipment status',
  invalidPaymentMethodFilter: 'Please choose a valid payment method',
  invalidDate: 'Please enter a valid date',
  invalidAmountFilter: 'Amount must be a number',
  invalidPage: 'Page must be a whole number from 1',
  invalidPageSize: 'Page size must be 10, 25, 50 or 100',
  paymentNotesTooLong: 'Payment notes must be at most 1000 characters',
  noteTooLong: 'Notes must be at most 5000 characters',
} as const;

/** Back office: products, the product form and the CSV import (spec 001 §2, §5, §8). */
export const adminProductMessages = {
  empty: 'No products found matching your criteria.',
  loadError: 'Error loading products. Please check your database connection and try again.',
  tryAgain: 'Try Again',
  nameRequired: 'Product name is required',
  nameTooLong: 'Product name must be at most 200 characters',
  brandRequired: 'Brand is required',
  brandTooLong: 'Brand must be at most 100 characters',
  priceRequired: 'Buyback price is required',
  pricePositive: 'Price must be positive',
  priceTooHigh: 'Price must be at most 100000',
  priceCents: 'Price must have at most 2 decimals',
  typeRequired: 'Product type is required',
  expirationRequired: 'Expiration months is required for Other products',
  expirationRange: 'Expiration months must be from 3 to 12',
  boxCountPositive: 'Box count must be positive',
  boxCountWhole: 'Box count must be a whole number',
  descriptionTooLong: 'Description must be at most 2000 characters',
  imageUrlInvalid: 'Image must be an uploaded product image',
  confirmDelete: 'Are you sure you want to delete this product?',
  deleteFailed: 'Failed to delete product. Please try again.',
  saveFailed: 'Failed to save product. Please try again.',
  notFound: 'Product not found.',
  importSomeFailed: 'Failed to import some products. Please check the format and try again.',
  csvParse: 'Error parsing CSV file. Please check the format.',
  csvMapping: 'Error processing products. Please check the data format.',
  csvRead: 'Error reading CSV: {message}',
  csvReadUnknown: 'Error reading file',
  uploadFailedReason: 'Failed to upload image: {reason}',
  uploadNoUrl: 'Failed to get public URL for uploaded image',
  uploadFailed: 'Failed to upload image',
  imageOnly: 'Only image files can be uploaded',
  /** Ours (the spec names no size limit): the upload's size check, in the browser and the API. */
  imageTooLarge: 'Image must be smaller than 5 MB',
  imageNotUploaded: 'The image upload did not complete. Please upload the image again.',
  brandFilterAll: 'All Brands',
  searchPlaceholder: 'Search by name, brand, description or product ID',
} as const;

export const messages = {
  app: appMessages,
  catalogue: catalogueMessages,
  checkout: checkoutMessages,
  order: orderMessages,
  lookup: lookupMessages,
  tracking: trackingMessages,
  contact: contactMessages,
  payout: payoutMessages,
  product: productMessages,
  label: labelMessages,
  api: apiMessages,
  auth: authMessages,
  dashboard: dashboardMessages,
  adminOrder: adminOrderMessages,
  adminProduct: adminProductMessages,
} as const;
