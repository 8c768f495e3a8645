/** Business constants from the spec (000 §9, 001 §9). */
export const CART_STORAGE_KEY = 'shopping-cart';
export const PRODUCT_QUANTITY_MIN = 1;
export const PRODUCT_QUANTITY_MAX = 10;
export const BADGE_BOUNCE_MS = 2000;
export const HEADER_SCROLL_THRESHOLD_PX = 10;
export const SUMMARY_SCROLL_THRESHOLD_PX = 240;
export const DEFAULT_EXPIRATION_MONTHS = 3;
export const EXPIRATION_MONTH_OPTIONS = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
export const ORDER_LINK_LIFETIME_DAYS = 45;
export const LABEL_VALIDITY_DAYS = 7;
export const QR_IMAGE_RETRY_LIMIT = 2;
/** How often the confirmation page asks for the label while it is being made, and for how long at most. */
export const LABEL_POLL_INTERVAL_MS = 1500;
export const LABEL_POLL_TIMEOUT_MS = 120_000;
export const FIRST_PRODUCT_ID = 100;
/** The catalogue index pads productids to 10 digits; nobody numbers products past this. */
export const PRODUCT_ID_MAX = 999_999_999;
/** Rows per CSV import request: a 5,000-row file is ten requests, each well inside the Lambda's time. */
export const PRODUCT_IMPORT_CHUNK_ROWS = 500;
export const POPULAR_BRAND = 'OneTouch';
export const CURRENCY = 'USD';
export const DEFAULT_COUNTRY = 'USA';
/** A single customer id used by every public order (spec 000 §3). */
export const PUBLIC_CUSTOMER_ID = '00000000-0000-0000-0000-000000000000';
/** The sane upper bounds of one checkout (the spec names none): lines per order and boxes per line. */
export const MAX_ORDER_LINES = 50;
export const MAX_LINE_QUANTITY = 100;
/**
 * Failed order lookups allowed in one window, then 429. Counted per order number and client IP together
 * (guessing one order's e-mail from one place), per client IP (set higher: households and offices share an
 * address), and per order number from anywhere: a high ceiling, which still never refuses a client that has
 * not failed on that order (so failing from elsewhere cannot lock the owner out).
 */
export const LOOKUP_FAILURE_LIMIT_PER_CLIENT_ORDER = 10;
export const LOOKUP_FAILURE_LIMIT_PER_IP = 30;
export const LOOKUP_FAILURE_CEILING_PER_ORDER = 50;
export const LOOKUP_WINDOW_MINUTES = 15;
/**
 * Per-client limits of the public actions (issue 13), sized for a real seller: a handful of orders an hour.
 * Per IP higher than per e-mail (households and offices share an address). Beyond: 429 with Retry-After.
 */
export const CHECKOUT_LIMIT_PER_EMAIL = 5;
export const CHECKOUT_LIMIT_PER_IP = 10;
export const CHECKOUT_WINDOW_MINUTES = 60;
/** New label jobs (a purchased or pending label is answered as it is and never counts). */
export const LABEL_LIMIT_PER_ORDER = 5;
export const LABEL_LIMIT_PER_IP = 10;
export const LABEL_WINDOW_MINUTES = 60;
/** QR code regenerations: each one calls the carrier's API. */
export const QR_LIMIT_PER_ORDER = 5;
export const QR_LIMIT_PER_IP = 10;
export const QR_WINDOW_MINUTES = 60;
/**
 * Support tickets per client IP (beyond: 429, nothing stored), and confirmation e-mails per recipient address
 * (beyond: the ticket is stored for staff as usual, but no confirmation goes to that address).
 */
export const TICKET_LIMIT_PER_IP = 5;
export const TICKET_WINDOW_MINUTES = 60;
export const TICKET_CONFIRMATIONS_PER_ADDRESS = 3;
export const TICKET_CONFIRMATION_WINDOW_MINUTES = 24 * 60;
export const PROCESSING_STEP_DELAYS_MS = [1000, 2000, 3000] as const;
export const PROCESSING_REDIRECT_DELAY_MS = 1000;

/** Back office (spec 001 §9). */
export const ORDER_PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_ORDER_PAGE_SIZE = 10;
/**
 * The products page pages the catalogue in the browser (it loads it whole, for search and the CSV export): a
 * whole catalogue of a thousand products at once was too many elements for a phone to show.
 */
export const PRODUCT_PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PRODUCT_PAGE_SIZE = 50;
export const RECENT_ORDERS_COUNT = 7;
/** Dashboard data stays fresh this long and is not refetched on window focus. */
export const DASHBOARD_STALE_MS = 30_000;
/**
 * How long the storefront keeps the catalogue (and one product) before asking again on the next visit,
 * navigation or window focus. The API answers no-store and CloudFront does not cache /api/*, so this is the whole
 * delay between a staff change (price, stock, new product) and an open storefront tab showing it.
 */
export const CATALOGUE_STALE_MS = 30_000;
/** An open storefront page asks again this often while visible, so a change shows within a minute unprompted. */
export const CATALOGUE_REFRESH_MS = 60_000;
/** The dashboard chart's window: orders received and amounts paid per day. */
export const DASHBOARD_CHART_DAYS = 30;
/** Quick filters: Pending covers the last 24 hours, Processing the last 7 days; each also sets the status. */
export const QUICK_FILTER_HOURS = { pending: 24, processing: 7 * 24 } as const;
export const PAYMENT_AMOUNT_MIN = 0.01;
export const ORDER_IMAGE_MAX_FILES = 10;
/** Each file must be under 7 MB. */
export const ORDER_IMAGE_MAX_BYTES = 7 * 1024 * 1024;
export const ORDER_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** A product image must be under 5 MB and one of these types (the Add/Edit dialog's upload). */
export const PRODUCT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PRODUCT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
/** The longest a presigned upload stays usable. */
export const IMAGE_UPLOAD_EXPIRY_SECONDS = 600;
/** What a completed order with nothing logged is marked paid by (spec 001 §4). */
export const DIRECT_DEPOSIT = 'Direct Deposit';

/** Order statuses staff choose from (spec 001 §4); any may follow any other. */
export const ORDER_STATUSES = ['pending', 'processing', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Values the shipment status filter offers (spec 001 §4). */
export const SHIPMENT_STATUS_FILTERS = ['pending', 'shipped', 'delivered'] as const;

/** Support tickets (spec 001 §3, §9). */
export const TICKET_TAGS = ['support', 'lead'] as const;
export type TicketTag = (typeof TICKET_TAGS)[number];
export const TICKET_STATUSES = ['open', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
/** 'Search in' (spec 001 §2, §5): every field, or one. */
export const TICKET_SEARCH_FIELDS = [
  'all',
  'name',
  'email',
  'phone',
  'ticketNumber',
  'subject',
  'message',
] as const;
export type TicketSearchField = (typeof TICKET_SEARCH_FIELDS)[number];
/** The spec shows the whole list at once; at 100,000 tickets it pages. */
export const TICKET_PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_TICKET_PAGE_SIZE = 25;
/** The ticket detail's retries when it cannot be loaded: 1 s times (attempt number + 1), 3 attempts. */
export const TICKET_DETAIL_RETRY_DELAYS_MS = [1000, 2000, 3000] as const;
/** The list's tag and status filters: 'all' or one value. */
export const TICKET_TAG_FILTERS = ['all', ...TICKET_TAGS] as const;
export const TICKET_STATUS_FILTERS = ['all', ...TICKET_STATUSES] as const;
