import { useParams } from 'react-router';
import { ProductNotFound, ProductPage } from '@/features/shop-catalogue';

/** /dashboard/shop/products/:productId: one product, its stock and its log history. */
function ShopProductRoute() {
  const { productId } = useParams();
  const id = Number(productId);
  if (!Number.isInteger(id) || id <= 0) return <ProductNotFound />;
  return <ProductPage key={id} productId={id} />;
}

export { ShopProductRoute as Component };
