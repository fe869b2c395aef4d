import { matchRoutes, type RouteObject } from 'react-router';
import { routeHandles, routeMatcher } from './routeHandle';

const routes: RouteObject[] = [
  {
    path: '/',
    handle: { data: ['plans'] },
    children: [
      { index: true, handle: { data: ['plans'] } },
      { path: 'login', handle: { clientOnly: true } },
      { path: '*' },
    ],
  },
];

describe('routeMatcher', () => {
  it('answers what matchRoutes answers, and the handles of those routes', () => {
    const matchesOf = routeMatcher(routes);
    for (const path of ['/', '/login', '/nowhere']) {
      expect(matchesOf(path)).toEqual(matchRoutes(routes, path));
    }
    expect(routeHandles(matchesOf('/login'))).toEqual([{ data: ['plans'] }, { clientOnly: true }]);
    expect(routeHandles(matchesOf('/nowhere'))[1]).toEqual({});
  });

  it('keeps the matches of a path, and at most 500 paths (the oldest goes)', () => {
    const matchesOf = routeMatcher(routes);
    const first = matchesOf('/p0');
    expect(matchesOf('/p0')).toBe(first);
    for (let i = 1; i < 500; i += 1) matchesOf(`/p${i}`);
    expect(matchesOf('/p0')).toBe(first); // 500 paths kept
    matchesOf('/p500'); // the 501st: /p0, the oldest, goes
    const again = matchesOf('/p0');
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});
