import { ProductsScreen } from '@/features/shop-catalogue';

/** /dashboard/shop and /dashboard/shop/products: the product list. */
function ShopProductsRoute() {
  return <ProductsScreen />;
}

export { ShopProductsRoute as Component };
