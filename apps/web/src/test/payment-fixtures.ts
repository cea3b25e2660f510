/** The logged-in member of the payment tests; the fake /api and the render helpers are in src/test/. */
export const member = { state: 200, is_login: '1', id: 7, point: '1200', coin: '0' };
