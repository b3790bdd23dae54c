/** Loaded on demand (ADR 0032): the auth forms' schemas, so the login screen paints without zod. */
import { zodResolver } from '@hookform/resolvers/zod';
import { signInRequestSchema } from '@matchwerk/shared';

export { okResponseSchema, signupResponseSchema } from '@matchwerk/shared';

export const signInResolver = zodResolver(signInRequestSchema);
