import { describe, expect, it } from 'vitest';
import { signedAtLabel, typedCaption } from './typed-signature';

describe('typed signature caption', () => {
  const at = new Date('2026-11-27T04:29:31.000Z');

  it('says who typed it and when, in UTC so the PDF and the screen agree', () => {
    expect(signedAtLabel(at)).toBe('2026-11-27 04:29 UTC');
    expect(typedCaption('Noor Keyboard', at)).toBe('Typed by Noor Keyboard · 2026-11-27 04:29 UTC');
  });

  it('leaves out "by" when the signer is not known (the builder preview)', () => {
    expect(typedCaption(undefined, at)).toBe('Typed · 2026-11-27 04:29 UTC');
  });
});
