import { CategoriesScreen } from '@/features/shop-catalogue';

/** /dashboard/shop/categories: the two-level category tree. */
function ShopCategoriesRoute() {
  return <CategoriesScreen />;
}

export { ShopCategoriesRoute as Component };
