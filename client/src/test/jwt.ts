/** An unsigned JWT-shaped token with `claims` as payload (the client never verifies signatures). */
export function tokenWith(claims: object): string {
  const payload = btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `eyJhbGciOiJIUzI1NiJ9.${payload}.sig`;
}
