export { useRefreshShopHome } from './api/get-inventory-summary';
export { CategoriesScreen } from './components/categories-screen';
export { InventoryScreen } from './components/inventory-screen';
export { ProductNotFound, ProductPage } from './components/product-page';
export { ProductsScreen } from './components/products-screen';
export { ShopHomeSection } from './components/shop-home-section';
export { ShopLayout } from './components/shop-layout';
export { formatMoney } from './lib/money';
