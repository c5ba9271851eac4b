import {
  CART_LINE_QUANTITY_MAX,
  CART_LINES_MAX,
  type CartAllocationsValues,
  type CartLineAddValues,
  type CartMutationResponse,
  type CartResponse,
  type CartUpdateValues,
  type OrganisationSettingsResponse,
} from '@inspecta/contract';
import type { AuthContext } from '../../core/access.js';
import { recordAudit } from '../../core/audit.js';
import type { Clock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import { sentFields } from '../../core/with-fields.js';
import type { Database, Executor } from '../../db/database.js';
import { AddressesRepository } from './addresses.repository.js';
import { CartRepository } from './cart.repository.js';
import { assembleCart, type CartState, perOrderBillingProblem } from './cart-view.js';
import { requireClient } from './shop-orders-views.js';

/** Only the organisation read the shop needs (the company's state, name and logo). */
export interface OrganisationReader {
  organisation(): Promise<OrganisationSettingsResponse>;
}

/** Reads everything a cart's view needs, in `db` (a transaction that locked the cart, when placing). */
export async function loadCartState(
  db: Executor,
  clientId: number,
  companyState: string | null,
  lock = false,
): Promise<CartState> {
  const addressRepo = new AddressesRepository(db);
  const client = await requireClient(addressRepo, clientId);
  const repo = new CartRepository(db);
  const cart = await repo.cartOf(clientId, lock);
  const [lines, allocations] = await Promise.all([repo.lines(cart.id), repo.allocations(cart.id)]);
  const ids = new Set(allocations.map((a) => a.addressId));
  if (cart.billingAddressId !== null) ids.add(cart.billingAddressId);
  const addresses = new Map((await addressRepo.findMany(clientId, [...ids])).map((a) => [a.id, a]));
  return { cart, client, lines, allocations, addresses, companyState };
}

/** An active address of this client of the kind, else 404 (another client's) or 400 (wrong kind). */
async function requireAddress(
  db: Executor,
  clientId: number,
  addressId: number,
  kind: 'billing' | 'shipping',
  field: string,
) {
  const address = await new AddressesRepository(db).find(clientId, addressId);
  if (!address) throw AppError.notFound('Address');
  if (address.kind !== kind)
    throw AppError.validation([{ field, message: `Choose a ${kind} address of this client` }]);
  if (address.status !== 'active')
    throw AppError.conflict(field, `The address "${address.label}" is archived. Restore it first.`);
  return address;
}

/**
 * The client's one open cart (docs/shop-orders.md, "Cart"): lines, their split over shipping
 * addresses, billing address and mode. Every change locks the cart's row, so two changes of one
 * cart never interleave, and answers the whole cart again.
 */
export class CartService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly settings: OrganisationReader,
  ) {}

  private async companyState(): Promise<string | null> {
    return (await this.settings.organisation()).organisation.state;
  }

  async get(clientId: number): Promise<CartResponse> {
    return { cart: assembleCart(await loadCartState(this.db, clientId, await this.companyState())) };
  }

  private async change(
    auth: AuthContext,
    clientId: number,
    action: string,
    ip: string,
    message: string,
    work: (tx: Executor, cartId: number) => Promise<unknown>,
  ): Promise<CartMutationResponse> {
    const companyState = await this.companyState();
    const cart = await this.db.transaction(async (tx) => {
      await requireClient(new AddressesRepository(tx), clientId);
      const repo = new CartRepository(tx);
      const row = await repo.cartOf(clientId, true);
      const detail = await work(tx, row.id);
      await repo.updateCart(row.id, {}, this.clock.now());
      await recordAudit(tx, {
        actorId: auth.userId,
        action,
        entityType: 'shop_cart',
        entityId: row.id,
        after: { clientId, ...(detail && typeof detail === 'object' ? detail : {}) },
        ipAddress: ip,
      });
      return assembleCart(await loadCartState(tx, clientId, companyState));
    });
    return { cart, message };
  }

  async update(auth: AuthContext, clientId: number, body: CartUpdateValues, ip: string) {
    return this.change(auth, clientId, 'shop_cart.updated', ip, 'Cart saved', async (tx, cartId) => {
      const repo = new CartRepository(tx);
      if (body.billingAddressId)
        await requireAddress(tx, clientId, body.billingAddressId, 'billing', 'billingAddressId');
      if (body.billingMode === 'per_order') {
        const state = await loadCartState(tx, clientId, null);
        const states = [...new Set(state.allocations.map((a) => a.addressId))].flatMap((id) => {
          const address = state.addresses.get(id);
          return address ? [address.state] : [];
        });
        const problem = perOrderBillingProblem('per_order', states);
        if (problem) throw AppError.validation([{ field: 'billingMode', message: problem }], problem);
      }
      const values = sentFields(body, ['billingAddressId', 'billingMode', 'notes']);
      await repo.updateCart(cartId, values, this.clock.now());
      return values;
    });
  }

  /** Empties the cart (its lines and their split); the billing address and mode stay. */
  async clear(auth: AuthContext, clientId: number, ip: string) {
    return this.change(auth, clientId, 'shop_cart.cleared', ip, 'Cart emptied', async (tx, cartId) => {
      await new CartRepository(tx).deleteLines(cartId);
      await new CartRepository(tx).updateCart(cartId, { notes: null }, this.clock.now());
      return {};
    });
  }

  /** Adds a product; an existing line grows. New units go to `addressId`, else the default shipping address. */
  async addLine(auth: AuthContext, clientId: number, body: CartLineAddValues, ip: string) {
    return this.change(
      auth,
      clientId,
      'shop_cart.line_added',
      ip,
      'Added to the cart',
      async (tx, cartId) => {
        const repo = new CartRepository(tx);
        const product = await repo.product(body.productId);
        if (!product) throw AppError.notFound('Product');
        if (product.status !== 'active')
          throw AppError.conflict('productId', `${product.name} is archived and can no longer be ordered`);
        const target = body.addressId
          ? await requireAddress(tx, clientId, body.addressId, 'shipping', 'addressId')
          : await new AddressesRepository(tx).defaultShipping(clientId);
        let line = await repo.lineOfProduct(cartId, body.productId);
        if (line) {
          const quantity = line.quantity + body.quantity;
          if (quantity > CART_LINE_QUANTITY_MAX)
            throw AppError.validation([
              {
                field: 'quantity',
                message: `A line holds at most ${CART_LINE_QUANTITY_MAX.toLocaleString('en-IN')} units; it has ${line.quantity}`,
              },
            ]);
          await repo.setLineQuantity(line.id, quantity);
        } else {
          if ((await repo.lineCount(cartId)) >= CART_LINES_MAX)
            throw AppError.conflict('productId', `A cart holds at most ${CART_LINES_MAX} products`);
          line = await repo.insertLine(cartId, body.productId, body.quantity, this.clock.now());
        }
        if (target) {
          const allocations = await repo.lineAllocations(line.id);
          const current = allocations.find((a) => a.addressId === target.id);
          await repo.setAllocations(line.id, [
            ...allocations.filter((a) => a.addressId !== target.id),
            { addressId: target.id, quantity: (current?.quantity ?? 0) + body.quantity },
          ]);
        }
        return { productId: body.productId, quantity: body.quantity, addressId: target?.id ?? null };
      },
    );
  }

  /** A new quantity; when it drops below the allocated units, the allocations shrink from the last. */
  async updateLine(auth: AuthContext, clientId: number, lineId: number, quantity: number, ip: string) {
    return this.change(
      auth,
      clientId,
      'shop_cart.line_changed',
      ip,
      'Quantity changed',
      async (tx, cartId) => {
        const repo = new CartRepository(tx);
        const line = await repo.line(cartId, lineId);
        if (!line) throw AppError.notFound('Cart line');
        await repo.setLineQuantity(lineId, quantity);
        const allocations = await repo.lineAllocations(lineId);
        let excess = allocations.reduce((n, a) => n + a.quantity, 0) - quantity;
        if (excess > 0) {
          const shrunk = allocations.map((a) => ({ addressId: a.addressId, quantity: a.quantity }));
          for (let i = shrunk.length - 1; i >= 0 && excess > 0; i--) {
            const take = Math.min(shrunk[i]!.quantity, excess);
            shrunk[i]!.quantity -= take;
            excess -= take;
          }
          await repo.setAllocations(lineId, shrunk);
        }
        return { productId: line.productId, before: line.quantity, quantity };
      },
    );
  }

  async removeLine(auth: AuthContext, clientId: number, lineId: number, ip: string) {
    return this.change(
      auth,
      clientId,
      'shop_cart.line_removed',
      ip,
      'Removed from the cart',
      async (tx, cartId) => {
        const repo = new CartRepository(tx);
        const line = await repo.line(cartId, lineId);
        if (!line) throw AppError.notFound('Cart line');
        await repo.deleteLine(lineId);
        return { productId: line.productId, quantity: line.quantity };
      },
    );
  }

  /** The split of a line over shipping addresses (at most its quantity; the rest stays unallocated). */
  async setAllocations(
    auth: AuthContext,
    clientId: number,
    lineId: number,
    body: CartAllocationsValues,
    ip: string,
  ) {
    return this.change(
      auth,
      clientId,
      'shop_cart.split_changed',
      ip,
      'Shipping split saved',
      async (tx, cartId) => {
        const repo = new CartRepository(tx);
        const line = await repo.line(cartId, lineId);
        if (!line) throw AppError.notFound('Cart line');
        for (const [i, a] of body.allocations.entries())
          await requireAddress(tx, clientId, a.addressId, 'shipping', `allocations.${i}.addressId`);
        const total = body.allocations.reduce((n, a) => n + a.quantity, 0);
        if (total > line.quantity)
          throw AppError.validation([
            {
              field: 'allocations',
              message: `The split adds up to ${total} units; the line has ${line.quantity}`,
            },
          ]);
        await repo.setAllocations(lineId, body.allocations);
        return { productId: line.productId, allocations: body.allocations };
      },
    );
  }
}
