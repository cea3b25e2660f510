/**
 * The sandbox card company's test numbers (DESIGN.md section 3): each last four digits picks how a charge
 * behaves. Shared by the token endpoint (src/sandbox) and the sandbox provider that charges the tokens.
 */
export const TEST_CARDS = {
  success: '4111111111111111',
  declined: '4000000000000002',
  threeDSecure: '4000000000003220',
  maintenance: '4000000000008000',
  communication: '4000000000007001',
} as const;

export const maskNumber = (last4: string) => `**** **** **** ${last4}`;
