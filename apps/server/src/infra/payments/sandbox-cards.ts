/** What a test card does on the sandbox page. */
export type TestCardBehaviour = 'approve' | 'decline' | 'challenge';

/** The sandbox's test cards, Stripe's numbers for the same behaviours, listed on the page. */
export const SANDBOX_TEST_CARDS = [
  { number: '4242424242424242', behaviour: 'approve', effect: 'Approves the payment.' },
  { number: '4000000000000002', behaviour: 'decline', effect: 'Declines the payment.' },
  {
    number: '4000000000003220',
    behaviour: 'challenge',
    effect: 'Asks for 3-D Secure authentication first, which you can then complete or fail.',
  },
] as const satisfies readonly { number: string; behaviour: TestCardBehaviour; effect: string }[];

/** What the number typed does; spaces and dashes between digit groups are allowed. */
export function testCardBehaviour(typed: string): TestCardBehaviour | undefined {
  const digits = typed.replace(/[\s-]/g, '');
  return SANDBOX_TEST_CARDS.find((card) => card.number === digits)?.behaviour;
}

/** "4242 4242 4242 4242", as printed on a card. */
export const groupCardNumber = (number: string): string => number.replace(/(\d{4})(?=\d)/g, '$1 ');
