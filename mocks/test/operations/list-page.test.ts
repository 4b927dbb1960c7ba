import { listPage } from '../../src/operations/list-page';

const at = { basePath: '/api/v1', path: '/things', defaults: { offset: 0, limit: 2 } };
const all = ['a', 'b', 'c', 'd', 'e'];

describe('listPage', () => {
  it('returns the whole list with no next link when neither offset nor limit is given', () => {
    expect(listPage(all, {}, at)).toEqual({ data: all, links: { next: null }, total_count: 5 });
  });

  it('returns the window asked for and links the next one at the operation path', () => {
    expect(listPage(all, { offset: 1, limit: 2 }, at)).toEqual({
      data: ['b', 'c'],
      links: { next: '/api/v1/things?offset=3&limit=2' },
      total_count: 5,
    });
  });

  it("takes the spec's defaults for the parameter left out", () => {
    expect(listPage(all, { offset: 2 }, at).data).toEqual(['c', 'd']);
    expect(listPage(all, { limit: 3 }, at).data).toEqual(['a', 'b', 'c']);
  });

  it('has no next link on the last window, and an empty one past the end', () => {
    expect(listPage(all, { offset: 3, limit: 2 }, at).links.next).toBeNull();
    expect(listPage(all, { offset: 9, limit: 2 }, at)).toEqual({ data: [], links: { next: null }, total_count: 5 });
  });
});
