let seq = 0;

/** A registration form every check accepts, with a fresh mail; `over` replaces fields. */
export const validRegistration = (over: Record<string, unknown> = {}) => ({
  lastName: '山田',
  middleName: '',
  firstName: '太郎',
  tel: '09012345678',
  mail: `reg${process.pid}.${++seq}.${Date.now()}@example.test`,
  pass: 'abc123',
  confirmPass: 'abc123',
  referralCode: '',
  ...over,
});
