export const alphaKey = ['alpha'] as const;
