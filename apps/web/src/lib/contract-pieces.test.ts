import { vacancyListResponseSchema } from '@matchwerk/shared';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

/** Every contract piece of the app (lib/contract.ts). */
const pieces = import.meta.glob<Record<string, z.ZodType>>('../**/*.contract.ts', { eager: true });
const schemas = Object.entries(pieces).flatMap(([file, module]) =>
  Object.entries(module).map(([name, schema]): [string, z.ZodType] => [`${file.replace(/^.*\//, '')} ${name}`, schema]),
);

/** Kinds of schema that only accept or refuse: what they parse comes out as it went in. */
const CHECKING_KINDS = new Set([
  'string',
  'number',
  'int',
  'boolean',
  'null',
  'literal',
  'enum',
  'template_literal',
  'object',
  'array',
  'tuple',
  'record',
  'union',
  'intersection',
  'nullable',
  'optional',
  'lazy',
  'any',
  'unknown',
]);

interface Def {
  type: string;
  coerce?: boolean;
  checks?: Array<{ _zod: { def: { check: string } } }>;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  innerType?: z.ZodType;
  getter?: () => z.ZodType;
}

/** Paths inside `schema` of what changes a value: transforms, defaults, coercion, trimming… */
function changingParts(schema: z.ZodType, at: string, seen = new Set<z.ZodType>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def as unknown as Def;
  const found: string[] = [];
  if (!CHECKING_KINDS.has(def.type)) found.push(`${at}: ${def.type}`);
  if (def.coerce) found.push(`${at}: coerce`);
  for (const check of def.checks ?? []) if (check._zod.def.check === 'overwrite') found.push(`${at}: overwrite`);
  const children: Array<[string, z.ZodType | null | undefined]> = [
    ...Object.entries(def.shape ?? {}).map(([key, child]): [string, z.ZodType] => [`${at}.${key}`, child]),
    [`${at}[]`, def.element],
    ...(def.items ?? []).map((child, index): [string, z.ZodType] => [`${at}[${index}]`, child]),
    [`${at}[…]`, def.rest],
    [`${at}{key}`, def.keyType],
    [`${at}{value}`, def.valueType],
    ...(def.options ?? []).map((child, index): [string, z.ZodType] => [`${at}|${index}`, child]),
    [`${at}&left`, def.left],
    [`${at}&right`, def.right],
    [at, def.innerType],
    [at, def.type === 'lazy' ? def.getter?.() : undefined],
  ];
  for (const [path, child] of children) if (child) found.push(...changingParts(child, path, seen));
  return found;
}

describe('the contract pieces, checked after the first screen (ADR 0078)', () => {
  it('are found', () => {
    expect(Object.keys(pieces).length).toBeGreaterThanOrEqual(5);
  });

  it.each(schemas)('%s returns what it is given', (name, schema) => {
    expect(changingParts(schema, name)).toEqual([]);
  });

  it('finds what would change an answer', () => {
    const trimmed = vacancyListResponseSchema.extend({
      nextCursor: vacancyListResponseSchema.shape.nextCursor.default(null),
    });
    expect(changingParts(trimmed, 'list')).toEqual(['list.nextCursor: default']);
  });
});
