export const verificationKeys = {
  all: ['verification'] as const,
  seal: (id: string) => ['verification', 'seal', id] as const,
  publicKey: ['verification', 'public-key'] as const,
  chain: ['verification', 'chain'] as const,
};
