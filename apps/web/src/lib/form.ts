import type { FieldValues, Path, Resolver, UseFormRegisterReturn, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client';

/** Adapts `register()` to MUI's TextField, whose `ref` is the wrapper and `inputRef` the input. */
export function muiField<T extends string>({ ref, ...rest }: UseFormRegisterReturn<T>) {
  return { inputRef: ref, ...rest };
}

/**
 * A resolver that loads itself on the first validation (and keeps it), so a form of the first
 * screen paints without zod and its schemas (ADR 0032).
 */
export function lazyResolver<TFieldValues extends FieldValues, TContext, TTransformed>(
  load: () => Promise<Resolver<TFieldValues, TContext, TTransformed>>,
): Resolver<TFieldValues, TContext, TTransformed> {
  let loading: Promise<Resolver<TFieldValues, TContext, TTransformed>> | undefined;
  return async (values, context, options) => {
    loading ??= load();
    return (await loading)(values, context, options);
  };
}

/**
 * Puts the server's field errors (VALIDATION_FAILED, dotted paths) next to the fields.
 * Returns whether any field error was applied.
 */
export function applyServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>): boolean {
  if (!isApiError(error)) return false;
  const entries = Object.entries(error.fieldErrors);
  entries.forEach(([path, message], index) =>
    setError(path as Path<T>, { type: 'server', message }, { shouldFocus: index === 0 }),
  );
  return entries.length > 0;
}

/** The German message of a failed request, or undefined when the generic text should show. */
export function apiErrorMessage(error: unknown): string | undefined {
  return isApiError(error) && error.status > 0 && error.status < 500 ? error.message : undefined;
}

/** Text inputs hold '' where the contract has null. */
export function textValue(value: string | null | undefined): string {
  return value ?? '';
}
