import { gstinCheckCharacter, stateCodeOf } from '@inspecta/contract';
import type { AuthContext } from '../../core/access.js';
import type { Clock } from '../../core/clock.js';
import type { FileStorage } from '../../core/files/file-storage.js';
import type { Database } from '../../db/database.js';
import { AddressesService } from './addresses.service.js';
import { CartService, type OrganisationReader } from './cart.service.js';
import { DemoOrdersRepository } from './demo-orders.repository.js';
import { OrderLifecycleService } from './order-lifecycle.service.js';
import { OrdersService } from './orders.service.js';
import type { BillsIssuer, OrderNotifier, StockLedger } from './shop-orders-deps.js';

const DAY = 86_400_000;
const DEMO_IP = '127.0.0.1';
const CARRIERS = ['Blue Dart', 'DTDC', 'Delhivery', 'Gati'];

/** A clock the demo moves to each step's day (10:30 in India). */
class DemoClock implements Clock {
  private current = new Date();
  now(): Date {
    return new Date(this.current);
  }
  setDay(day: Date): void {
    this.current = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 5, 0));
  }
}

/** Nobody is told about demo orders: the bell stays for real events. */
const silent: OrderNotifier = {
  notify: async () => [],
  adminRecipients: async () => [],
};

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

export interface DemoOrdersDeps {
  db: Database;
  settings: OrganisationReader;
  stock: StockLedger;
  bills: BillsIssuer;
  fileStorage: FileStorage;
}

/**
 * The demo's orders (docs/shop-orders.md, "Demo data"): about 30 orders of the demo clients over the
 * last three months, placed, confirmed, shipped and delivered through the module's own services on a
 * clock moved to each day, so the stock ledger, the bills and their numbers, and the home figures
 * are real. Some orders are split over two sites, one is cancelled and one has a return.
 * Deterministic (no randomness), so every fresh machine shows the same orders.
 */
export async function loadDemoOrders(deps: DemoOrdersDeps, today = new Date()): Promise<number> {
  const clock = new DemoClock();
  const addresses = new AddressesService(deps.db, clock);
  const cart = new CartService(deps.db, clock, deps.settings);
  const orders = new OrdersService(deps.db, clock, deps.settings, deps.stock, silent, deps.fileStorage);
  const lifecycle = new OrderLifecycleService(deps.db, clock, deps.settings, deps.stock, deps.bills, silent);
  const repo = new DemoOrdersRepository(deps.db);

  const adminId = await repo.firstAdminId();
  if (!adminId) return 0;
  const auth = { userId: adminId } as AuthContext;
  const rows = await repo.clientsWithSites();
  const products = (await repo.productsInStock(40)).map((p) => p.id);
  if (!rows.length || products.length < 4) return 0;

  // Each client: a billing address (with a GSTIN of its state) and up to two sites as shipping addresses.
  const sitesOf = new Map<number, Array<{ siteId: number; state: string }>>();
  for (const r of rows)
    sitesOf.set(r.clientId, [...(sitesOf.get(r.clientId) ?? []), { siteId: r.siteId, state: r.state! }]);
  const clients: Array<{ id: number; shipping: number[] }> = [];
  clock.setDay(new Date(today.getTime() - 95 * DAY));
  for (const [index, [clientId, sites]] of [...sitesOf.entries()].entries()) {
    const first = sites[0]!;
    const code = stateCodeOf(first.state);
    const pan = `AAC${String.fromCharCode(65 + (index % 26))}${String.fromCharCode(70 + (index % 20))}${String(1000 + index * 137).slice(-4)}K`;
    const head = code ? `${code}${pan}1Z` : null;
    const site = await addresses.fromSite(auth, clientId, first.siteId, DEMO_IP);
    const a = site.address;
    const billing = await addresses.create(
      auth,
      clientId,
      {
        kind: 'billing',
        label: 'Head office',
        contactName: a.contactName,
        phone: a.phone,
        addressLine1: a.addressLine1,
        addressLine2: a.addressLine2,
        city: a.city,
        district: a.district,
        state: a.state,
        pincode: a.pincode,
        gstin: head ? `${head}${gstinCheckCharacter(head)}` : null,
        isDefault: true,
      },
      DEMO_IP,
    );
    const shipping = [a.id];
    const second = sites[1];
    if (second) shipping.push((await addresses.fromSite(auth, clientId, second.siteId, DEMO_IP)).address.id);
    await cart.update(auth, clientId, { billingAddressId: billing.address.id, notes: undefined }, DEMO_IP);
    clients.push({ id: clientId, shipping });
  }

  const ORDERS = 30;
  let placed = 0;
  for (let i = 0; i < ORDERS; i++) {
    // Oldest first, about every three days over the last 90; the last few are from this week.
    const daysAgo = Math.max(0, 90 - i * 3 - (i % 2));
    const day = new Date(today.getTime() - daysAgo * DAY);
    clock.setDay(day);
    const client = clients[i % clients.length]!;
    const split = client.shipping.length > 1 && i % 3 === 0;
    const lineCount = 1 + (i % 3);
    for (let l = 0; l < lineCount; l++) {
      const productId = products[(i * 7 + l * 11) % products.length]!;
      const quantity = 2 + ((i + l) % 5);
      const { cart: after } = await cart.addLine(
        auth,
        client.id,
        { productId, quantity, addressId: client.shipping[0] },
        DEMO_IP,
      );
      if (split && l === 0) {
        const line = after.lines.find((x) => x.productId === productId)!;
        const there = Math.floor(line.quantity / 2);
        await cart.setAllocations(
          auth,
          client.id,
          line.id,
          {
            allocations: [
              { addressId: client.shipping[0]!, quantity: line.quantity - there },
              { addressId: client.shipping[1]!, quantity: there },
            ],
          },
          DEMO_IP,
        );
      }
    }
    const { order } = await orders.place(auth, client.id, {}, DEMO_IP);
    placed++;
    if (i === 4) {
      clock.setDay(new Date(day.getTime() + DAY));
      await lifecycle.cancel(
        auth,
        order.id,
        'The client ordered the same refills through their head office',
        DEMO_IP,
      );
      continue;
    }
    // The newest orders are still open: placed, or confirmed and waiting to ship.
    if (daysAgo <= 2) continue;
    clock.setDay(new Date(day.getTime() + DAY));
    await lifecycle.confirm(auth, order.id, DEMO_IP);
    if (daysAgo <= 5) continue;
    for (const [s, shipment] of order.shipments.entries()) {
      // A split order's second shipment leaves later; the most recent of them has not left yet.
      if (s > 0 && daysAgo <= 12) continue;
      const shipDay = new Date(day.getTime() + (2 + s * 2) * DAY);
      clock.setDay(shipDay);
      await lifecycle.pack(auth, order.id, shipment.id, DEMO_IP);
      await lifecycle.ship(
        auth,
        order.id,
        shipment.id,
        {
          carrier: CARRIERS[(i + s) % CARRIERS.length]!,
          trackingNumber: `${CARRIERS[(i + s) % CARRIERS.length]!.slice(0, 2).toUpperCase()}${String(7_100_000 + i * 1013 + s)}`,
          shippedOn: isoDay(shipDay),
        },
        DEMO_IP,
      );
      const deliverDay = new Date(shipDay.getTime() + 3 * DAY);
      if (deliverDay.getTime() > today.getTime() - DAY) continue;
      clock.setDay(deliverDay);
      const { order: delivered } = await lifecycle.deliver(
        auth,
        order.id,
        shipment.id,
        isoDay(deliverDay),
        DEMO_IP,
      );
      if (i === 6 && s === 0) {
        clock.setDay(new Date(deliverDay.getTime() + 2 * DAY));
        const line = delivered.shipments[0]!.lines[0]!;
        await lifecycle.recordReturn(
          auth,
          order.id,
          shipment.id,
          {
            reason: 'One cylinder arrived with a dented valve',
            lines: [{ shipmentLineId: line.id, quantity: 1 }],
          },
          DEMO_IP,
        );
      }
    }
  }
  return placed;
}
