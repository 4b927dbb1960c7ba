import { isEmbeddingsModel } from '../../catalog/model-kinds';

describe('isEmbeddingsModel', () => {
  it.each<[string, { given: unknown; want: boolean }]>([
    [
      'a model whose output modalities include embeddings',
      { given: { architecture: { output_modalities: ['embeddings'] } }, want: true },
    ],
    ['a text model', { given: { architecture: { output_modalities: ['text'] } }, want: false }],
    ['an object without an architecture', { given: { id: 'x/y' }, want: false }],
    ['something that is not a model', { given: 'openai/text-embedding-3-small', want: false }],
  ])('answers for %s', (_name, { given, want }) => {
    expect(isEmbeddingsModel(given)).toBe(want);
  });
});
