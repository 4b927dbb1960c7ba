import { explainMiscount } from '../../checks/unassigned-miscount';

const sent = { assigned: 2, timesEach: 3, unknown: 1 };

describe('explainMiscount', () => {
  it.each([
    ['repeats counted again', 6, /repeats counted again/],
    ['every hash sent counted', 7, /every hash sent was counted/],
    ['the unknown hash counted', 3, /unknown hash\(es\) were counted/],
  ])('says the gateway %s when the count matches it', (_name, got, said) => {
    const finding = explainMiscount(got, sent);
    expect(finding?.message).toMatch(said);
    expect(finding?.message).toContain('a repeated hash and an unknown hash count 0');
    expect(finding?.expected).toContain('unassigned_count 2');
  });

  it('leaves a count no miscount explains to the caller (the configured hashes are then the likely cause)', () => {
    expect(explainMiscount(0, sent)).toBeUndefined();
    expect(explainMiscount(5, sent)).toBeUndefined();
  });

  it('finds nothing wrong with the right count', () => {
    expect(explainMiscount(2, sent)).toBeUndefined();
  });

  it('gives each miscount a cause of its own, so reports group them apart', () => {
    const causes = [6, 7, 3].map((got) => explainMiscount(got, sent)?.cause);
    expect(new Set(causes).size).toBe(3);
  });
});
