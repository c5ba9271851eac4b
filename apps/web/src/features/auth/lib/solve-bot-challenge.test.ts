import { describe, expect, it } from 'vitest';
import { composePhone } from '../components/phone-sign-in-form';
import { solveBotChallenge } from './solve-bot-challenge';

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

describe('solveBotChallenge', () => {
  it('finds the number and answers the payload the server verifies', async () => {
    const salt = 'a1b2c3?expires=1999999999';
    const challenge = {
      algorithm: 'SHA-256' as const,
      challenge: await sha256Hex(`${salt}417`),
      maxnumber: 1000,
      salt,
      signature: 'sig',
    };
    const payload = await solveBotChallenge(challenge);
    expect(JSON.parse(atob(payload!))).toEqual({
      algorithm: 'SHA-256',
      challenge: challenge.challenge,
      number: 417,
      salt,
      signature: 'sig',
    });
  });

  it('answers null when no number fits', async () => {
    const challenge = {
      algorithm: 'SHA-256' as const,
      challenge: 'ff'.repeat(32),
      maxnumber: 20,
      salt: 's',
      signature: 'x',
    };
    expect(await solveBotChallenge(challenge)).toBeNull();
  });
});

describe('composePhone', () => {
  it('joins the dialling code and the national number in E.164', () => {
    expect(composePhone('+91', '98200 10001')).toBe('+919820010001');
    expect(composePhone('+44', '07700 900123')).toBe('+447700900123');
    expect(composePhone('+91', '+971501234567')).toBe('+971501234567');
  });
});
