import { and, asc, count, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { containsPattern } from '../../db/query-helpers.js';
import { users } from '../../db/schema.js';
import { type ClientRow, clientColumns } from './sites.repository.js';

/** The clients a site can belong to, as the sites screens read and check them. */
export class SiteClientsRepository {
  constructor(private readonly db: Executor) {}

  async findClient(id: number): Promise<ClientRow | undefined> {
    const [row] = await this.db.select(clientColumns).from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  /** Live (not deleted) clients for pickers, by company then name. */
  async listClients(search: string | undefined, offset: number, limit: number) {
    const where = and(
      eq(users.userType, 'client'),
      isNull(users.deletedAt),
      search
        ? or(
            ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, containsPattern(search)),
            ilike(users.company, containsPattern(search)),
            ilike(users.email, containsPattern(search)),
          )
        : undefined,
    );
    const [rows, totals] = await Promise.all([
      this.db
        .select(clientColumns)
        .from(users)
        .where(where)
        .orderBy(
          sql`${users.company} asc nulls last`,
          asc(users.firstName),
          asc(users.lastName),
          asc(users.id),
        )
        .offset(offset)
        .limit(limit),
      this.db.select({ n: count() }).from(users).where(where),
    ]);
    return { rows, total: Number(totals[0]?.n ?? 0) };
  }
}
