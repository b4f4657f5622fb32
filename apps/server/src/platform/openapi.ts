import { apiErrorSchema } from '@soko/contract';

/** The error answers every API route may give, for the OpenAPI document. */
export const errorResponses = {
  400: apiErrorSchema,
  404: apiErrorSchema,
  413: apiErrorSchema,
  415: apiErrorSchema,
  429: apiErrorSchema,
  500: apiErrorSchema,
  503: apiErrorSchema,
} as const;
