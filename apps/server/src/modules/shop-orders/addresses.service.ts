import {
  type AddressCreateValues,
  type AddressListQuery,
  type AddressListResponse,
  type AddressMutationResponse,
  type AddressUpdateValues,
  PINCODE_PATTERN,
  stateCodeOf,
} from '@inspecta/contract';
import type { AuthContext } from '../../core/access.js';
import { recordAudit } from '../../core/audit.js';
import type { Clock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import { withFields } from '../../core/with-fields.js';
import type { Database, Executor } from '../../db/database.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import { AddressesRepository, type AddressView, type SiteRow } from './addresses.repository.js';
import { requireClient, toAddress } from './shop-orders-views.js';

/** Whether a site has what a shipping address needs (line 1, city, state, a PIN code). */
function siteUsable(site: SiteRow): boolean {
  return !!(
    site.addressLine1?.trim() &&
    site.city?.trim() &&
    site.state?.trim() &&
    site.pincode &&
    PINCODE_PATTERN.test(site.pincode)
  );
}

const CONCURRENT_DEFAULT =
  "Another change to this client's default address happened at the same time. Try again.";

/** A client's billing and shipping addresses (docs/shop-orders.md, "Addresses"). */
export class AddressesService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async list(clientId: number, query: AddressListQuery): Promise<AddressListResponse> {
    const repo = new AddressesRepository(this.db);
    await requireClient(repo, clientId);
    const [addresses, sites] = await Promise.all([
      repo.list(clientId, query.kind, query.include_archived ?? false),
      repo.activeSites(clientId),
    ]);
    return {
      addresses: addresses.map(toAddress),
      sites: sites.map((s) => ({
        siteId: s.id,
        siteCode: s.siteCode,
        name: s.name,
        city: s.city,
        state: s.state,
        pincode: s.pincode,
        addressId: s.addressId,
        usable: siteUsable(s),
      })),
    };
  }

  async create(
    auth: AuthContext,
    clientId: number,
    body: AddressCreateValues,
    ip: string,
  ): Promise<AddressMutationResponse> {
    const address = await this.write(async (tx) => {
      const repo = new AddressesRepository(tx);
      await requireClient(repo, clientId);
      const now = this.clock.now();
      // The first active address of a kind becomes the default.
      const isDefault = body.isDefault ?? !(await repo.hasActiveDefault(clientId, body.kind));
      if (isDefault) await repo.clearDefault(clientId, body.kind, null, now);
      const row = await repo.insert({
        clientId,
        kind: body.kind,
        label: body.label,
        contactName: body.contactName ?? null,
        phone: body.phone ?? null,
        addressLine1: body.addressLine1,
        addressLine2: body.addressLine2 ?? null,
        city: body.city,
        district: body.district ?? null,
        state: body.state,
        pincode: body.pincode,
        country: body.country || 'India',
        gstin: body.kind === 'billing' ? (body.gstin ?? null) : null,
        isDefault,
        createdAt: now,
        updatedAt: now,
      });
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'shop_address.created',
        entityType: 'shop_address',
        entityId: row.id,
        after: row,
        ipAddress: ip,
      });
      return (await repo.find(clientId, row.id))!;
    });
    return { address: toAddress(address), message: 'Address added' };
  }

  async update(
    auth: AuthContext,
    clientId: number,
    addressId: number,
    body: AddressUpdateValues,
    ip: string,
  ): Promise<AddressMutationResponse> {
    const address = await this.write(async (tx) => {
      const repo = new AddressesRepository(tx);
      await requireClient(repo, clientId);
      const before = await repo.find(clientId, addressId, true);
      if (!before) throw AppError.notFound('Address');
      const state = body.state ?? before.state;
      const gstin = body.gstin === undefined ? before.gstin : body.gstin;
      if (gstin && before.kind === 'shipping')
        throw AppError.validation([{ field: 'gstin', message: 'Only a billing address carries a GSTIN' }]);
      const code = stateCodeOf(state);
      if (gstin && code && gstin.slice(0, 2) !== code)
        throw AppError.validation([
          {
            field: body.gstin === undefined ? 'state' : 'gstin',
            message: `This GSTIN is registered in another state: a GSTIN in ${state} starts with ${code}`,
          },
        ]);
      if (body.isDefault && before.status !== 'active')
        throw AppError.conflict('isDefault', 'An archived address cannot be the default. Restore it first.');
      const now = this.clock.now();
      if (body.isDefault) await repo.clearDefault(clientId, before.kind, addressId, now);
      const values = Object.fromEntries(
        Object.entries({
          label: body.label,
          contactName: body.contactName,
          phone: body.phone,
          addressLine1: body.addressLine1,
          addressLine2: body.addressLine2,
          city: body.city,
          district: body.district,
          state: body.state,
          pincode: body.pincode,
          country: body.country === undefined ? undefined : body.country || 'India',
          gstin: body.gstin,
          isDefault: body.isDefault,
        }).filter(([, v]) => v !== undefined),
      );
      const after = await repo.update(addressId, values, now);
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'shop_address.updated',
        entityType: 'shop_address',
        entityId: addressId,
        before,
        after,
        ipAddress: ip,
      });
      return (await repo.find(clientId, addressId))!;
    });
    return { address: toAddress(address), message: 'Address saved' };
  }

  /** Archive (DELETE) or restore. Placed orders keep their copy; the client's cart lets go of it. */
  async setStatus(
    auth: AuthContext,
    clientId: number,
    addressId: number,
    status: 'active' | 'archived',
    ip: string,
  ): Promise<AddressMutationResponse> {
    const address = await this.write(async (tx) => {
      const repo = new AddressesRepository(tx);
      await requireClient(repo, clientId);
      const before = await repo.find(clientId, addressId, true);
      if (!before) throw AppError.notFound('Address');
      if (before.status === status)
        throw new AppError(
          'CONFLICT',
          status === 'archived' ? 'This address is already archived' : 'This address is not archived',
        );
      const now = this.clock.now();
      const after = await repo.update(addressId, { status, isDefault: false }, now);
      if (status === 'archived') await repo.detachFromCart(clientId, addressId);
      else if (!(await repo.hasActiveDefault(clientId, before.kind)))
        await repo.update(addressId, { isDefault: true }, now);
      await recordAudit(tx, {
        actorId: auth.userId,
        action: status === 'archived' ? 'shop_address.archived' : 'shop_address.restored',
        entityType: 'shop_address',
        entityId: addressId,
        before,
        after,
        ipAddress: ip,
      });
      return (await repo.find(clientId, addressId))!;
    });
    return {
      address: toAddress(address),
      message: status === 'archived' ? 'Address archived' : 'Address restored',
    };
  }

  /** The shipping address of one of the client's active sites, made once (a second time is a 409). */
  async fromSite(
    auth: AuthContext,
    clientId: number,
    siteId: number,
    ip: string,
  ): Promise<AddressMutationResponse> {
    const address = await this.write(async (tx) => {
      const repo = new AddressesRepository(tx);
      await requireClient(repo, clientId);
      const site = await repo.site(siteId);
      if (!site || site.clientId !== clientId) throw AppError.notFound('Site');
      if (site.status !== 'active')
        throw AppError.conflict('siteId', 'Only an active site can be used as a shipping address');
      const existing = await repo.addressOfSite(clientId, siteId);
      if (existing)
        throw AppError.conflict(
          'siteId',
          existing.status === 'active'
            ? `This site is already the shipping address "${existing.label}"`
            : `This site's shipping address "${existing.label}" is archived: restore it instead`,
        );
      if (!siteUsable(site))
        throw AppError.validation(
          [
            {
              field: 'siteId',
              message: 'The site needs an address line 1, a city, a state and a PIN code first',
            },
          ],
          'The site has no complete address',
        );
      const now = this.clock.now();
      const isDefault = !(await repo.hasActiveDefault(clientId, 'shipping'));
      const row = await repo.insert({
        clientId,
        kind: 'shipping',
        label: site.name.slice(0, 80),
        contactName: site.contactName,
        phone: site.contactPhone?.slice(0, 20) ?? null,
        addressLine1: site.addressLine1!.trim(),
        addressLine2: site.addressLine2,
        city: site.city!.trim(),
        district: site.district,
        state: site.state!.trim(),
        pincode: site.pincode!,
        country: site.country,
        siteId,
        isDefault,
        createdAt: now,
        updatedAt: now,
      });
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'shop_address.created',
        entityType: 'shop_address',
        entityId: row.id,
        after: withFields(row, { fromSite: site.siteCode }),
        ipAddress: ip,
      });
      return (await repo.find(clientId, row.id))!;
    });
    return { address: toAddress(address), message: 'Site added as a shipping address' };
  }

  /** One transaction; two changes racing for the default flag or the same site answer 409. */
  private async write(work: (tx: Executor) => Promise<AddressView>): Promise<AddressView> {
    try {
      return await this.db.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error, 'shop_addresses_default_unique'))
        throw AppError.conflict('isDefault', CONCURRENT_DEFAULT);
      if (isUniqueViolation(error, 'shop_addresses_site_unique'))
        throw AppError.conflict('siteId', 'This site is already a shipping address of this client');
      throw error;
    }
  }
}
