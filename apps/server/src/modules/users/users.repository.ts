import { LIST_COUNT_CAP, type UserSortField, type UserType } from '@inspecta/contract';
import { and, asc, count, desc, eq, gt, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import { withFields } from '../../core/with-fields.js';
import type { Executor } from '../../db/database.js';
import {
  cappedTotal,
  countCappedSelect,
  escapeLike,
  firstMatchesPage,
  onPageId,
  pageIds,
  pageIdsCount,
  pageIdsOrder,
} from '../../db/query-helpers.js';
import { auditEvents, userInvitations, users } from '../../db/schema.js';
import {
  type RelevancePage,
  rankedPageIds,
  userSearchCondition,
  userSearchSample,
  userSearchSubstrings,
} from '../../db/search-conditions.js';
import { FEW_MATCHES, type SearchSample } from '../../db/search-sample.js';
import { asValue, type Bind, StatementsByShape } from '../../db/statements-by-shape.js';
import { userSessions } from '../auth/index.js';

/** The user list counts exactly up to this many (contract: "10,000+" beyond). */
const USER_COUNT_CAP = LIST_COUNT_CAP;

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type InvitationRow = typeof userInvitations.$inferSelect;

/** A user with what the admin screens show besides the row itself. */
export interface UserRecord extends Omit<UserRow, 'passwordHash'> {
  hasPassword: boolean;
  invitationExpiresAt: Date | null;
}

const openInvitationExpiry = sql`(select max(${userInvitations.expiresAt}) from ${userInvitations} where ${userInvitations.userId} = ${users.id} and ${userInvitations.acceptedAt} is null and ${userInvitations.revokedAt} is null)`;

const recordColumns = {
  id: users.id,
  userType: users.userType,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  status: users.status,
  profileImage: users.profileImage,
  company: users.company,
  employeeCode: users.employeeCode,
  licenceNumber: users.licenceNumber,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  deletedAt: users.deletedAt,
  hasPassword: sql<boolean>`(${users.passwordHash} is not null)`.mapWith(Boolean),
  invitationExpiresAt: sql<Date | null>`${openInvitationExpiry}`.mapWith(userInvitations.expiresAt),
};

/** What the user list and its export filter by. */
export interface UserFilter {
  userType?: UserType | undefined;
  status?: 'active' | 'inactive' | undefined;
  search?: string | undefined;
  /** Only these users (an export of the selected rows). */
  ids?: number[] | undefined;
}

export interface UserListFilter extends UserFilter {
  sort?: string | undefined;
  offset: number;
  limit: number;
}

/** The one where-clause of the user list, its count and its export: live users matching the filter. */
function userFilterWhere(filter: UserFilter, bind: Bind = asValue): SQL | undefined {
  return and(
    isNull(users.deletedAt),
    filter.userType ? eq(users.userType, bind('userType', filter.userType)) : undefined,
    filter.status ? eq(users.status, bind('status', filter.status)) : undefined,
    filter.search ? userSearchCondition(filter.search, bind) : undefined,
    filter.ids
      ? inArray(
          users.id,
          filter.ids.map((id, i) => bind(`id${i}`, id)),
        )
      : undefined,
  );
}

/**
 * The page in relevance order, as the global search ranks users: the exact email, id or phone (0),
 * then a name, full name, email or company starting with the term (1), then every other match (2),
 * newest first within a rank. Each rank is its own arm cut at offset + limit rows (rankedPageIds), so
 * a common term reads the prefix indexes and the creation index a page at a time; one statement
 * ranking every match read all 11,000 users behind one email domain at 100,000 users (issue 22).
 */
function relevanceArms(
  filter: UserListFilter,
  bind: Bind = asValue,
): Omit<RelevancePage, 'offset' | 'limit'> {
  const term = (filter.search ?? '').trim().toLowerCase();
  const prefix = bind('prefix', `${escapeLike(term)}%`);
  const digits = /^[\d\s()+.-]+$/.test(term) ? term.replace(/[\s().-]/g, '') : null;
  const id = /^#?(\d{1,9})$/.exec(term)?.[1];
  const others = userFilterWhere(withFields(filter, { search: undefined }), bind)!;
  const exact = or(
    sql`lower(${users.email}) = ${bind('term', term)}`,
    id ? eq(users.id, bind('exactId', Number(id))) : undefined,
    digits && digits.length >= 8
      ? sql`${users.phone} in (${bind('phone', digits)}, ${bind('phoneIndia', `+91${digits}`)})`
      : undefined,
  )!;
  // A first name starting with the term is a full name starting with it; each test is an index of its
  // own (db/schema.ts, text_pattern_ops), and each is a substring of the search document.
  const startsWith = or(
    sql`lower(${users.firstName} || ' ' || ${users.lastName}) like ${prefix}`,
    sql`lower(${users.lastName}) like ${prefix}`,
    sql`lower(${users.email}) like ${prefix}`,
    sql`lower(coalesce(${users.company}, '')) like ${prefix}`,
  )!;
  return {
    table: users,
    id: users.id,
    sortKey: users.createdAt,
    exact: and(exact, others)!,
    prefix: and(startsWith, others)!,
    rest: userFilterWhere(filter, bind)!,
    armOrder: sql`${users.createdAt} desc, ${users.id} desc`,
  };
}

/**
 * The same page as the arms, from a term's first FEW_MATCHES + 1 matches ranked whole: the exact and
 * the prefix tests are each a substring of the search document, so every arm's row is among the
 * matches, at the same rank.
 */
function fewMatchesIds(filter: UserListFilter, bind: Bind): SQL {
  const arms = relevanceArms(filter, bind);
  return firstMatchesPage({
    matched: sql`
      select ${users.id} as id, ${users.createdAt} as sort_at,
             case when ${arms.exact} then 0 when ${arms.prefix} then 1 else 2 end as rank
      from ${users} where ${arms.rest}`,
    order: sql`rank, sort_at desc, id desc`,
    cap: FEW_MATCHES,
    limit: bind('limit', filter.limit),
    offset: bind('offset', filter.offset),
  });
}

/** A rare term's page with its count (`pageIdsCount`), as `fewMatchesPage` selects it. */
const fewMatchesColumns = Object.assign({}, recordColumns, { n: pageIdsCount });

function isRelevanceOrder(filter: UserListFilter): boolean {
  const { sort, search } = filter;
  return Boolean(search?.trim()) && (!sort || sort === 'relevance' || sort === '-relevance');
}

function orderBy(sort: string | undefined): SQL[] {
  if (sort === 'relevance' || sort === '-relevance') sort = undefined;
  const descending = sort?.startsWith('-') ?? true;
  const field = (sort?.replace(/^-/, '') ?? 'createdAt') as UserSortField;
  const dir = (expr: SQL | AnyPgColumn) => (descending ? desc(expr) : asc(expr));
  switch (field) {
    case 'id':
      return [dir(users.id)];
    case 'name':
      return [dir(sql`lower(${users.firstName})`), dir(sql`lower(${users.lastName})`), dir(users.id)];
    case 'email':
      return [dir(sql`lower(${users.email})`), dir(users.id)];
    case 'userType':
      return [dir(sql`${users.userType}`), dir(users.id)];
    case 'status':
      return [dir(sql`${users.status}`), dir(users.id)];
    case 'lastLoginAt':
      // Never signed in sorts last either way.
      return [
        descending ? sql`${users.lastLoginAt} desc nulls last` : sql`${users.lastLoginAt} asc nulls last`,
        dir(users.id),
      ];
    default:
      return [dir(users.createdAt), dir(users.id)];
  }
}

export interface AuditEventWithActor {
  id: number;
  action: string;
  before: unknown;
  after: unknown;
  createdAt: Date;
  actorId: number | null;
  actorFirstName: string | null;
  actorLastName: string | null;
}

export class UsersRepository {
  private searchSample: SearchSample | undefined;
  /** The rare term's one statement, built once per shape of filter (`StatementsByShape`). */
  private readonly fewMatchesStatements = new StatementsByShape<Array<UserRecord & { n: number }>>();
  /** A relevance page read rank by rank (`rankedPageIds`), built once per shape of filter. */
  private readonly relevanceStatements = new StatementsByShape<UserRecord[]>();
  /** The list's capped count, built once per shape of filter. */
  private readonly countStatements = new StatementsByShape<Array<{ n: number }>>();

  constructor(private readonly db: Executor) {}

  /** A page and the matches, counted exactly up to USER_COUNT_CAP (`capped` beyond). */
  async list(filter: UserListFilter): Promise<{ rows: UserRecord[]; total: number; capped: boolean }> {
    if (isRelevanceOrder(filter)) {
      const few = await this.fewMatchesPage(filter);
      if (few) return few;
    }
    const [rows, counted] = await Promise.all([
      // While searching the best matches come first unless a column order was asked for.
      isRelevanceOrder(filter)
        ? this.relevancePage(filter)
        : this.sortedPage(filter, userFilterWhere(filter)),
      this.countStatements.run(
        (bind) => userFilterWhere(filter, bind),
        (where) => countCappedSelect(this.db, sql`${users}`, where, USER_COUNT_CAP),
      ),
    ]);
    return { rows, ...cappedTotal(Number(counted[0]?.n ?? 0), USER_COUNT_CAP) };
  }

  private sortedPage(filter: UserListFilter, where: SQL | undefined): Promise<UserRecord[]> {
    return this.db
      .select(recordColumns)
      .from(users)
      .where(where)
      .orderBy(...orderBy(filter.sort))
      .offset(filter.offset)
      .limit(filter.limit);
  }

  /**
   * A term the sample says is rare (issue 22): its matches ranked and counted in one statement, one
   * backend, no arms to plan. Undefined when the estimate is over FEW_MATCHES, or the statement
   * found more than that (a stale sample), or a page past the last left the count unknown: the arms
   * and the capped count answer those.
   */
  private async fewMatchesPage(
    filter: UserListFilter,
  ): Promise<{ rows: UserRecord[]; total: number; capped: boolean } | undefined> {
    this.searchSample ??= userSearchSample(this.db);
    const estimate = await this.searchSample.matchesAtMost(userSearchSubstrings(filter.search ?? ''));
    if (estimate > FEW_MATCHES) return undefined;
    const found = await this.fewMatchesStatements.run(
      (bind) => fewMatchesIds(filter, bind),
      (ids) =>
        this.db
          .select(fewMatchesColumns)
          .from(users)
          .innerJoin(ids, onPageId(users.id))
          .orderBy(pageIdsOrder),
    );
    const total = this.searchSample.fewMatchesTotal(found, filter.offset === 0);
    if (total === undefined) return undefined;
    return { rows: found.map(({ n: _n, ...row }) => row), total, capped: false };
  }

  /** The ranked ids and their rows in one statement (`pageIds`), built once per shape of filter. */
  private relevancePage(filter: UserListFilter): Promise<UserRecord[]> {
    return this.relevanceStatements.run(
      (bind) =>
        rankedPageIds(
          withFields(relevanceArms(filter, bind), { offset: filter.offset, limit: filter.limit, bind }),
        ),
      (ids) =>
        this.db
          .select(recordColumns)
          .from(users)
          .innerJoin(pageIds(ids), onPageId(users.id))
          .orderBy(pageIdsOrder),
    );
  }

  async count(filter: UserFilter): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(users).where(userFilterWhere(filter));
    return row?.n ?? 0;
  }

  /** One batch of the filtered list in id order after `afterId` (keyset paging for exports). */
  async batchAfter(filter: UserFilter, afterId: number, size: number): Promise<UserRecord[]> {
    return this.db
      .select(recordColumns)
      .from(users)
      .where(and(userFilterWhere(filter), gt(users.id, afterId)))
      .orderBy(asc(users.id))
      .limit(size);
  }

  async findLiveById(id: number): Promise<UserRecord | undefined> {
    const [row] = await this.db
      .select(recordColumns)
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .limit(1);
    return row;
  }

  /** The live row, locked until the transaction ends (status changes must not interleave). */
  async lockLiveById(id: number): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .limit(1)
      .for('update');
    return row;
  }

  /**
   * Active administrators other than `exceptId`, counted with every active administrator's row
   * locked: two admins deactivating each other at once cannot both succeed.
   */
  async countOtherActiveAdminsLocked(exceptId: number): Promise<number> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.userType, 'admin'), eq(users.status, 'active'), isNull(users.deletedAt)))
      .for('update');
    return rows.filter((r) => r.id !== exceptId).length;
  }

  async insert(values: NewUserRow): Promise<UserRow> {
    const [row] = await this.db.insert(users).values(values).returning();
    return row!;
  }

  async update(id: number, values: Partial<NewUserRow>): Promise<UserRow> {
    const [row] = await this.db.update(users).set(values).where(eq(users.id, id)).returning();
    userSessions.userChanged(id);
    return row!;
  }

  async recentAuditEvents(userId: number, limit: number): Promise<AuditEventWithActor[]> {
    const actor = alias(users, 'actor');
    return this.db
      .select({
        id: auditEvents.id,
        action: auditEvents.action,
        before: auditEvents.before,
        after: auditEvents.after,
        createdAt: auditEvents.createdAt,
        actorId: auditEvents.actorId,
        actorFirstName: actor.firstName,
        actorLastName: actor.lastName,
      })
      .from(auditEvents)
      .leftJoin(actor, eq(actor.id, auditEvents.actorId))
      .where(
        or(
          and(eq(auditEvents.entityType, 'user'), eq(auditEvents.entityId, String(userId))),
          eq(auditEvents.actorId, userId),
        ),
      )
      .orderBy(desc(auditEvents.id))
      .limit(limit);
  }

  // Invitations ----------------------------------------------------------------------------------

  async insertInvitation(values: typeof userInvitations.$inferInsert): Promise<InvitationRow> {
    const [row] = await this.db.insert(userInvitations).values(values).returning();
    return row!;
  }

  /** Ends every invitation of a user that is still open (a new one replaces them; deletion). */
  async revokeOpenInvitations(userId: number, now: Date, exceptId?: number): Promise<void> {
    await this.db
      .update(userInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(userInvitations.userId, userId),
          isNull(userInvitations.acceptedAt),
          isNull(userInvitations.revokedAt),
          exceptId === undefined ? undefined : ne(userInvitations.id, exceptId),
        ),
      );
  }

  async findInvitationByTokenHash(
    tokenHash: string,
    options: { lock?: boolean } = {},
  ): Promise<{ invitation: InvitationRow; user: UserRow } | undefined> {
    const query = this.db
      .select({ invitation: userInvitations, user: users })
      .from(userInvitations)
      .innerJoin(users, eq(users.id, userInvitations.userId))
      .where(eq(userInvitations.tokenHash, tokenHash))
      .limit(1);
    const [row] = options.lock ? await query.for('update') : await query;
    return row;
  }

  async markInvitationAccepted(id: number, now: Date): Promise<void> {
    await this.db.update(userInvitations).set({ acceptedAt: now }).where(eq(userInvitations.id, id));
  }
}
