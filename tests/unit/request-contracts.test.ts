import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { saveAnswerBodySchema } from '../../src/question-types/registry.shared';
import { CONTROL_CHARACTERS_MESSAGE } from '../../src/shared/contracts/common';

/**
 * Walks every request contract (body, query, params, multipart fields) down to its text fields,
 * so a new field written as a bare `z.string()` fails here rather than with a 500 in production.
 */
const CONTRACTS_DIR = 'src/shared/contracts';
const REQUEST_SCHEMA_NAME = /(Body|Query|Params|Fields)Schema$/;
/** Bodies the server sends, not receives. */
const REPLY_SCHEMAS = ['errorBodySchema', 'okBodySchema'];
/** The only fields where a person may type several lines. */
const MULTI_LINE_FIELDS = [
  'answerText',
  'QuestionText',
  'TranslatedText',
  'findings',
  'recommendations',
  'addendumBodySchema.text',
  'reason',
];
const isMultiLine = (path: string) =>
  MULTI_LINE_FIELDS.some((field) => path === field || path.endsWith(`.${field}`));

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  format?: string;
}

interface Leaf {
  path: string;
  schema: z.ZodType;
}

const defOf = (schema: z.ZodType) => schema._zod.def as unknown as Def;

function textLeaves(schema: z.ZodType, path: string, out: Leaf[] = []): Leaf[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      out.push({ path, schema });
      break;
    case 'object':
      for (const [key, child] of Object.entries(def.shape!))
        textLeaves(child, `${path}.${key}`, out);
      break;
    case 'array':
      textLeaves(def.element!, `${path}[]`, out);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      textLeaves(def.innerType!, path, out);
      break;
    case 'union':
      for (const option of def.options!) textLeaves(option, path, out);
      break;
    case 'pipe':
      // What comes out of a pipe was checked going in.
      textLeaves(def.in!, path, out);
      break;
    case 'enum':
    case 'literal':
    case 'number':
    case 'boolean':
    case 'custom': // a question type id: a closed set, registered at run time (z.custom)
      break;
    default:
      throw new Error(`${path}: teach this test the schema kind "${def.type}"`);
  }
  return out;
}

// The answer save's body is defined with the question types, from each type's save fields.
const requestSchemas: { name: string; schema: z.ZodType }[] = [
  { name: 'saveAnswerBodySchema', schema: saveAnswerBodySchema },
];
for (const file of readdirSync(CONTRACTS_DIR)) {
  const module = (await import(`../../${join(CONTRACTS_DIR, file)}`)) as Record<string, unknown>;
  for (const [name, value] of Object.entries(module)) {
    if (
      REQUEST_SCHEMA_NAME.test(name) &&
      !REPLY_SCHEMAS.includes(name) &&
      value instanceof z.ZodType
    ) {
      requestSchemas.push({ name, schema: value });
    }
  }
}
const leaves = requestSchemas.flatMap(({ name, schema }) => textLeaves(schema, name));

const C0 = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code));
const LINES = ['\t', '\n', '\r'];

describe('request contracts', () => {
  it('find the request schemas and their text fields', () => {
    expect(requestSchemas.length).toBeGreaterThan(15);
    expect(leaves.length).toBeGreaterThan(30);
    for (const field of MULTI_LINE_FIELDS) {
      expect(
        leaves.some((leaf) => leaf.path === field || leaf.path.endsWith(`.${field}`)),
        field,
      ).toBe(true);
    }
  });

  it('refuse NUL, the other control characters and DEL in every text field', () => {
    for (const { path, schema } of leaves) {
      const multiLine = isMultiLine(path);
      const refused = [...C0, '\u007f'].filter((c) => !(multiLine && LINES.includes(c)));
      for (const control of refused) {
        const result = schema.safeParse(`ab${control}cd`);
        const label = `${path} with U+${control.charCodeAt(0).toString(16).padStart(4, '0')}`;
        expect(result.success, label).toBe(false);
        // Fields with a strict format (dates, e-mail) refuse with their own message.
        if (!defOf(schema).format) {
          expect(
            result.error?.issues.map((i) => i.message),
            label,
          ).toContain(CONTROL_CHARACTERS_MESSAGE);
        }
      }
    }
  });

  it('keep tab and line breaks in the multi-line fields', () => {
    for (const { path, schema } of leaves) {
      if (!isMultiLine(path)) continue;
      expect(schema.safeParse('one\ttwo\r\nthree\nfour').success, path).toBe(true);
    }
  });
});
