import { fullFormats } from 'ajv-formats/dist/formats';

/**
 * Values for string `format`s, each valid by ajv-formats (the formats our one ajv setup checks)
 * and by the pattern zod 4 writes next to the format it emits, first choice first: the
 * standard formats, OpenAPI's, and those zod names (cuid, ulid, e164, jwt, emoji, cidr, mac...).
 */
export const FORMAT_SAMPLES: Readonly<Record<string, readonly string[]>> = {
  'date-time': ['2024-01-01T00:00:00Z', '2024-01-01T00:00:00.000Z', '2024-01-01T00:00:00+00:00'],
  'iso-date-time': ['2024-01-01T00:00:00Z'],
  date: ['2024-01-01'],
  'iso-date': ['2024-01-01'],
  time: ['00:00:00Z', '00:00:00.000Z', '00:00:00+00:00'],
  'iso-time': ['00:00:00', '00:00:00Z'],
  duration: ['P1D', 'PT1H'],
  email: ['user@example.com'],
  'idn-email': ['user@example.com'],
  hostname: ['example.com'],
  'idn-hostname': ['example.com'],
  ipv4: ['192.0.2.1'],
  ipv6: ['2001:db8::1'],
  uri: ['https://example.com'],
  url: ['https://example.com'],
  iri: ['https://example.com'],
  'uri-reference': ['https://example.com'],
  'iri-reference': ['https://example.com'],
  'uri-template': ['https://example.com/{id}'],
  uuid: ['00000000-0000-4000-8000-000000000000'],
  guid: ['00000000-0000-4000-8000-000000000000'],
  'json-pointer': ['/example'],
  'json-pointer-uri-fragment': ['#/example'],
  'relative-json-pointer': ['0'],
  regex: ['^example$'],
  byte: ['c2FtcGxl'],
  base64: ['c2FtcGxl'],
  base64url: ['c2FtcGxl'],
  password: ['sample'],
  binary: ['sample'],
  cuid: ['cjld2cjxh0000qzrmn831i7rn'],
  cuid2: ['tz4a98xxat96iws9zmbrgj3a'],
  ulid: ['01ARZ3NDEKTSV4RRFFQ69G5FAV'],
  nanoid: ['V1StGXR8_Z5jdHi6B-myT'],
  e164: ['+14155550100'],
  jwt: ['eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U'],
  emoji: ['😀'],
  cidrv4: ['192.0.2.0/24'],
  cidrv6: ['2001:db8::/32'],
  mac: ['00:00:5e:00:53:01'],
  hex: ['0a'],
};

type FormatCheck = RegExp | ((value: string) => boolean) | { validate?: unknown };

/**
 * The value is valid for the format as ajv-formats checks it ("full" mode, as createAjv uses it);
 * a format ajv-formats does not define accepts anything, as ajv does with such a format.
 */
export function formatAccepts(format: string | undefined, value: string): boolean {
  if (format === undefined) return true;
  const check = (fullFormats as Record<string, FormatCheck | undefined>)[format];
  if (check === undefined) return true;
  if (check instanceof RegExp) return check.test(value);
  if (typeof check === 'function') return check(value);
  const validate = check.validate;
  if (validate instanceof RegExp) return validate.test(value);
  return typeof validate === 'function' ? (validate as (v: string) => boolean)(value) : true;
}
