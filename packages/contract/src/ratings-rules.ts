// Zod-free (see catalog-rules.ts).

export const RATING_MIN = 1;
export const RATING_MAX = 5;
