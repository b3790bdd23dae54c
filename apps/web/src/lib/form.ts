import type { UseFormRegisterReturn } from 'react-hook-form';

/** Adapts `register()` to MUI's TextField, whose `ref` is the wrapper and `inputRef` the input. */
export function muiField<T extends string>({ ref, ...rest }: UseFormRegisterReturn<T>) {
  return { inputRef: ref, ...rest };
}
