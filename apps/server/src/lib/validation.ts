import type { FastifySchemaCompiler } from 'fastify';
import type { core, ZodType } from 'zod';

/** Carries zod's issues to the error handler, which translates them. */
export class ZodRequestError extends Error {
  readonly statusCode = 400;
  constructor(
    readonly issues: core.$ZodIssue[],
    readonly part: string,
  ) {
    super('validation failed');
    this.name = 'ZodRequestError';
  }
}

export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> = ({ schema, httpPart }) => {
  return (data: unknown) => {
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    return { error: new ZodRequestError(result.error.issues, httpPart ?? 'body') };
  };
};
