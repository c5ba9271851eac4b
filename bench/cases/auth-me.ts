import { hashPassword } from '../../apps/server/src/core/security/password-hasher.js';
import { users } from '../../apps/server/src/db/schema.js';
import type { BenchCase } from '../harness.js';

export const authMeCase: BenchCase = {
  name: 'GET /api/auth/me (token lookup + user)',
  async prepare({ app }) {
    const password = 'Bench-mark-passphrase';
    await app.database.db
      .insert(users)
      .values({
        userType: 'admin',
        firstName: 'Bench',
        lastName: 'Admin',
        email: 'bench@inspecta.test',
        passwordHash: await hashPassword(password),
      })
      .onConflictDoNothing();
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'bench@inspecta.test', password },
    });
    return { path: '/api/auth/me', headers: { authorization: login.json().accessToken } };
  },
};
