import { describe, expect, it, vi } from 'vitest';
import type { Resolver } from 'react-hook-form';
import { lazyResolver } from './form';

describe('lazyResolver', () => {
  it('loads the resolver on the first validation only and passes every call on', async () => {
    const inner = vi.fn<Resolver<{ email: string }>>((values) => Promise.resolve({ values, errors: {} }));
    const load = vi.fn(() => Promise.resolve(inner));
    const resolver = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();

    const options = { fields: {}, shouldUseNativeValidation: false };
    await expect(resolver({ email: 'a@b.de' }, undefined, options)).resolves.toEqual({
      values: { email: 'a@b.de' },
      errors: {},
    });
    await resolver({ email: 'c@d.de' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
    expect(inner).toHaveBeenCalledTimes(2);
  });
});
