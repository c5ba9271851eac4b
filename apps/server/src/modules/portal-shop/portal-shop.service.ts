import type {
  AddressListResponse,
  CartAllocationsValues,
  CartLineAddValues,
  CartMutationResponse,
  CartResponse,
  CartUpdateValues,
  CategoryTreeResponse,
  OrderMutationResponse,
  OrderPlaceBody,
  OrderResponse,
  PortalBillListQueryValues,
  PortalBillListResponse,
  PortalOrderListQueryValues,
  PortalOrderListResponse,
  PortalProductListQueryValues,
  PortalProductListResponse,
  Product,
} from '@inspecta/contract';
import type { AuthContext } from '../../core/access.js';
import type { AppServices } from '../../core/app-module.js';
import { AppError } from '../../core/errors.js';

function toPortalProduct(p: Product) {
  return {
    id: p.id,
    sku: p.sku,
    name: p.name,
    categoryId: p.categoryId,
    categoryName: p.categoryName,
    description: p.description,
    unit: p.unit,
    pricePaise: p.pricePaise,
    currency: p.currency,
    hsnCode: p.hsnCode,
    gstRate: p.gstRate,
    imageUrl: p.images[0]?.url ?? null,
    inStock: p.stock.available > 0,
  };
}

/**
 * The client portal's shop (issue 20, docs/portal.md): the shop's own services (catalogue, cart,
 * addresses, orders, bills; docs/shop-orders.md) with the signed-in client as the client, so the
 * rules, the audit and the notifications are the ones the administrators' shop already has. A
 * client reaches only its own cart, addresses, orders and bills: another client's order or bill
 * answers the same 404 as an unknown id.
 */
export class PortalShopService {
  constructor(
    private readonly catalogue: AppServices['shopCatalogue'],
    private readonly shop: AppServices['shopOrders'],
    private readonly bills: AppServices['shopBills'],
  ) {}

  // ------------------------------------------------------------------ catalogue

  async products(query: PortalProductListQueryValues): Promise<PortalProductListResponse> {
    const { products, pagination } = await this.catalogue.products.list({
      search: query.search,
      category_id: query.categoryId,
      // Archived products are not for sale.
      status: 'active',
      stock: undefined,
      sort: undefined,
      page: query.page,
      limit: query.limit,
    });
    return { products: products.map(toPortalProduct), pagination };
  }

  categories(): Promise<CategoryTreeResponse> {
    return this.catalogue.categories.tree(false);
  }

  // ------------------------------------------------------------------ addresses and cart

  addresses(auth: AuthContext): Promise<AddressListResponse> {
    return this.shop.addresses.list(auth.userId, { kind: undefined, include_archived: false });
  }

  cart(auth: AuthContext): Promise<CartResponse> {
    return this.shop.cart.get(auth.userId);
  }

  updateCart(auth: AuthContext, body: CartUpdateValues, ip: string): Promise<CartMutationResponse> {
    return this.shop.cart.update(auth, auth.userId, body, ip);
  }

  clearCart(auth: AuthContext, ip: string): Promise<CartMutationResponse> {
    return this.shop.cart.clear(auth, auth.userId, ip);
  }

  addLine(auth: AuthContext, body: CartLineAddValues, ip: string): Promise<CartMutationResponse> {
    return this.shop.cart.addLine(auth, auth.userId, body, ip);
  }

  updateLine(auth: AuthContext, lineId: number, quantity: number, ip: string): Promise<CartMutationResponse> {
    return this.shop.cart.updateLine(auth, auth.userId, lineId, quantity, ip);
  }

  removeLine(auth: AuthContext, lineId: number, ip: string): Promise<CartMutationResponse> {
    return this.shop.cart.removeLine(auth, auth.userId, lineId, ip);
  }

  setAllocations(
    auth: AuthContext,
    lineId: number,
    body: CartAllocationsValues,
    ip: string,
  ): Promise<CartMutationResponse> {
    return this.shop.cart.setAllocations(auth, auth.userId, lineId, body, ip);
  }

  // ------------------------------------------------------------------ orders and bills

  placeOrder(auth: AuthContext, body: OrderPlaceBody, ip: string): Promise<OrderMutationResponse> {
    return this.shop.orders.place(auth, auth.userId, body, ip);
  }

  async orders(auth: AuthContext, query: PortalOrderListQueryValues): Promise<PortalOrderListResponse> {
    const { response, pagination } = await this.shop.orders.list({
      client_id: auth.userId,
      status: query.status,
      search: undefined,
      from: undefined,
      to: undefined,
      sort: undefined,
      page: query.page,
      limit: query.limit,
    });
    return { orders: response, pagination };
  }

  async order(auth: AuthContext, id: number): Promise<OrderResponse> {
    const found = await this.shop.orders.get(id);
    if (found.order.clientId !== auth.userId) throw AppError.notFound('Order');
    return found;
  }

  async billList(auth: AuthContext, query: PortalBillListQueryValues): Promise<PortalBillListResponse> {
    const { response, pagination } = await this.bills.list({
      client_id: auth.userId,
      kind: query.kind,
      status: query.status,
      start_date: undefined,
      end_date: undefined,
      id: undefined,
      search: undefined,
      sort: undefined,
      page: query.page,
      limit: query.limit,
    });
    return { bills: response, pagination };
  }

  async billPdf(auth: AuthContext, id: number) {
    const bill = await this.bills.get(id);
    if (bill.client.id !== auth.userId) throw AppError.notFound('Bill');
    return this.bills.pdf(id);
  }
}
