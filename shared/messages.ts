/** The spec's user-facing strings. They are the contract: tests compare against these exact values. */
export const messages = {
  app: {
    initializing: 'Initializing application...',
    settingsFallback: 'Settings could not be loaded. Using default settings.',
    unexpected: 'Unexpected Application Error!',
  },
  catalogue: {
    loading: 'Loading products...',
    errorTitle: 'Error Loading Products',
    errorBody:
      "We're having trouble loading the products. Please try refreshing the page or come back later.",
    emptyTitle: 'No Products Found',
    emptyForQuery: (query: string) => `No products match "${query}". Try adjusting your search or filters.`,
    emptyNone: 'No products available at the moment. Please check back later.',
  },
  payout: {
    noneAvailable: 'No payment methods are currently available. Please contact support.',
  },
  product: {
    loading: 'Loading product details...',
    error: 'Error loading product details. Please try again later.',
    notFound: 'Product not found.',
  },
  api: {
    invalidProductId: 'Invalid product id: expected a product UUID',
    productNotFound: 'Product not found',
    notFound: 'Not found',
    invalidRequest: 'Invalid request',
    invalidJson: 'Request body must be valid JSON',
    unauthorized: 'Authentication required',
    forbidden: 'Admin access required',
    internal: 'Internal server error',
    settingsLoadFailed: 'Failed to load settings',
  },
} as const;
