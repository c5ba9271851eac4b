import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson, fileNamesIn, sealHash, signatureValid, signHash } from './seal-record.js';

describe('canonical JSON', () => {
  it('sorts keys at every level and leaves no whitespace, whatever the order they were built in', () => {
    const a = { b: 1, a: { d: [3, { z: true, y: null }], c: 'x' } };
    const b = { a: { c: 'x', d: [3, { y: null, z: true }] }, b: 1 };
    expect(canonicalJson(a)).toBe('{"a":{"c":"x","d":[3,{"y":null,"z":true}]},"b":1}');
    expect(canonicalJson(b)).toBe(canonicalJson(a));
  });

  it('keeps array order, drops undefined members, writes dates and escapes as JSON does', () => {
    expect(canonicalJson([2, 1])).not.toBe(canonicalJson([1, 2]));
    expect(canonicalJson({ a: undefined, b: 'é"\n' })).toBe('{"b":"é\\"\\n"}');
    expect(canonicalJson({ at: new Date('2026-07-01T09:00:00Z') })).toBe('{"at":"2026-07-01T09:00:00.000Z"}');
    expect(canonicalJson(12.5)).toBe('12.5');
    expect(() => canonicalJson(Number.NaN)).toThrow();
  });
});

describe('seal hash and signature', () => {
  const envelope = {
    id: 'a'.repeat(32),
    sequence: 7,
    previousHash: 'b'.repeat(64),
    sealedAt: new Date('2026-07-01T09:00:00Z'),
    sealedLater: false,
    record: '{"version":1}',
  };

  it('changes with every field it covers', () => {
    const hash = sealHash(envelope);
    expect(hash).toMatch(/^[a-f0-9]{64}$/);
    expect(sealHash({ ...envelope, sequence: 8 })).not.toBe(hash);
    expect(sealHash({ ...envelope, previousHash: 'c'.repeat(64) })).not.toBe(hash);
    expect(sealHash({ ...envelope, record: '{"version":2}' })).not.toBe(hash);
    expect(sealHash({ ...envelope, sealedLater: true })).not.toBe(hash);
  });

  it('signs the hash with Ed25519 and refuses another key or another hash', () => {
    const mine = generateKeyPairSync('ed25519');
    const other = generateKeyPairSync('ed25519');
    const hash = sealHash(envelope);
    const signature = signHash(hash, mine.privateKey);
    expect(signatureValid(hash, signature, mine.publicKey)).toBe(true);
    expect(signatureValid(hash, signature, other.publicKey)).toBe(false);
    expect(signatureValid(sealHash({ ...envelope, sequence: 8 }), signature, mine.publicKey)).toBe(false);
    expect(signatureValid(hash, 'not base64 at all', mine.publicKey)).toBe(false);
  });
});

describe('file names in answers', () => {
  it('finds every stored file URL at any depth, once, sorted', () => {
    const nameOf = (url: string) => (url.startsWith('/api/files/') ? url.slice(11) : null);
    const answers = {
      units: [
        { answers: { photo: ['/api/files/b.webp', '/api/files/a.webp'], sig: '/api/files/b.webp', n: 3 } },
      ],
    };
    expect(fileNamesIn(answers, nameOf)).toEqual(['a.webp', 'b.webp']);
  });
});
