// TEMPORARY (reverted): mounts ProductCsvActions at /admin/products until the real products page exists.
import { useQuery } from '@tanstack/react-query';
import { usePageTitle } from '../../hooks/use-page-title';
import { apiRequest } from '../../lib/api-client';
import { ProductCsvActions } from './product-csv';

export function CsvTrialPage() {
  usePageTitle('Products');
  const products = useQuery({
    queryKey: ['admin', 'csv-trial-products'],
    queryFn: ({ signal }) => apiRequest('listProducts', { signal }),
  });
  return (
    <div className="admin-page">
      <h1 className="admin-page__title">Products</h1>
      <ProductCsvActions
        products={products.data?.products ?? []}
        onImported={() => void products.refetch()}
      />
      <p>{products.data?.products.length ?? 0} products</p>
    </div>
  );
}
