export const betaKey = ['beta'] as const;
