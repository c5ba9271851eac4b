import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** Fetches a bot-check challenge and solves it as the browser widget would, by brute force. */
export async function solvedChallenge(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ url: '/api/auth/altcha/challenge' });
  if (response.statusCode !== 200) throw new Error(`no challenge: ${response.body}`);
  const challenge = response.json();
  for (let n = 0; n <= challenge.maxnumber; n++) {
    if (createHash('sha256').update(`${challenge.salt}${n}`).digest('hex') === challenge.challenge) {
      const { algorithm, salt, signature } = challenge;
      return Buffer.from(
        JSON.stringify({ algorithm, challenge: challenge.challenge, number: n, salt, signature }),
      ).toString('base64');
    }
  }
  throw new Error('unsolvable challenge');
}
