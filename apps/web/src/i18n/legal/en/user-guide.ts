import type { LegalDocument } from '../types';

const doc: LegalDocument = {
  title: 'User Guide',
  label: 'USER GUIDE',
  layout: 'sections',
  intro: [
    '"{{shopName}}" is an online trading-card capsule-lottery ("online oripa") shop. You spend points on packs of "Dragon Sigil" and "Astral Tamers" cards. If you are new, this guide walks you through how it works.',
  ],
  sections: [
    {
      id: 'sign-up',
      heading: 'Signing up',
      paragraphs: ['You need a (free) membership to draw packs.'],
      items: [
        'Open the sign-up page from the log-in / sign-up link at the top of the screen.',
        'Enter your name, telephone number, e-mail address and a password (6 to 20 half-width letters and digits). If a friend gave you a referral code, enter it too.',
        'Read the [Terms of Service](/terms-of-service) and the [Privacy Policy](/privacy-protection), tick the box to agree and go on to the confirmation screen.',
        'Check what you entered on the confirmation screen and complete the registration.',
      ],
      notes: [
        "One account per person. Minors must have a parent's or guardian's consent before signing up.",
        'Verify your phone by SMS from My page and receive 500 points (once per account). Some packs can only be bought by SMS-verified members.',
      ],
    },
    {
      id: 'buy-points',
      heading: 'Buying points',
      paragraphs: ['Packs are bought with points. 1 point = 1 yen.'],
      items: [
        'Open the point-purchase page from the point balance at the top of the screen or the charge button on My page.',
        'Choose a course and a payment method (credit card, convenience store, bank transfer, carrier billing, wallets and more).',
        'Check the quantity, price and payment method on the final confirmation screen, then complete the payment.',
      ],
      notes: [
        'Each purchase is from 300 to 50,000 points. Bonus points are added according to your member rank.',
        'Points are granted right after payment for credit cards and similar methods, and after we confirm your payment for convenience-store payment and bank transfer. Please pay by convenience store or bank transfer within 3 days of ordering.',
        'Points are valid for 6 months from the date they are granted. Purchases cannot be refunded.',
      ],
    },
    {
      id: 'draw',
      heading: 'Drawing a pack',
      items: [
        'Choose a pack on the top page or the pack list. The pack page shows the S, A, B and C prize lineups and how many tickets remain.',
        'Press the button for 1, 10 or 100 draws, or the one that draws all remaining tickets, and confirm the purchase on the confirmation screen.',
        'Tap the screen to start the reveal. You can skip it at any time.',
      ],
      notes: [
        'Each pack has only the number of tickets shown. Sold-out packs cannot be bought. Packs not yet on sale show a countdown to the start.',
      ],
    },
    {
      id: 'choose',
      heading: 'Choosing your cards (ship or convert to points)',
      paragraphs: [
        'For each card you win, you choose to ship it or convert it to points. Select the cards to ship and confirm; the cards you did not select are converted to the points shown.',
        'Please choose within 24 hours of purchase. After 24 hours the right to have the cards shipped is lost and points are granted automatically. A confirmed choice cannot be changed.',
        'Some cards cannot be converted to points and are always shipped.',
      ],
    },
    {
      id: 'shipping',
      heading: 'Shipping',
      paragraphs: [
        'The first time you choose to ship, we ask you to register a shipping address. Shipping within Japan is free. Shipping overseas may cost extra.',
        'We ship, as a rule, within 5 business days after your shipping request is complete. Delivery usually takes about 3 to 14 days (it may vary with weekends, national holidays, the New Year holidays and delivery conditions).',
        'You can check the shipping status and tracking number in your pack history on My page.',
      ],
    },
    {
      id: 'fairness',
      heading: 'How we prove our packs are fair',
      paragraphs: [
        'Before a pack goes on sale, the order of its tickets is fixed from a secret value (the seed), and the SHA-256 hash of that seed is published on the pack page.',
        'Every card you win shows its ticket number. When the pack sells out (or closes), we publish the seed, so anyone can recalculate the order of every ticket and confirm that the advertised hits really were in the pack.',
        'See the [Provably fair](/fairness) page for how to check it yourself.',
      ],
    },
    {
      id: 'faq',
      heading: 'Frequently asked questions',
      faq: [
        {
          q: 'Do points expire?',
          a: [
            'Yes, 6 months after the date they are granted. You can check points that expire soon in the point history on My page.',
          ],
        },
        {
          q: 'In what order are my points used?',
          a: [
            'Free-granted points (bonuses, benefits, card conversions and so on) are used first; within the same kind, the points that expire soonest are used first.',
          ],
        },
        {
          q: 'Can I return or get a refund for points or packs I bought?',
          a: [
            'Because points and packs are digital content and lotteries by nature, we do not accept returns, cancellations or refunds after purchase.',
          ],
        },
        {
          q: 'What happens if I do not choose my cards within 24 hours?',
          a: ['The right to have them shipped is lost, and the points shown for each card are granted automatically.'],
        },
        {
          q: 'A card arrived damaged.',
          a: [
            'Please e-mail us with a photo within 7 days of receipt. After checking, we will exchange it for the same or an equivalent item, or grant the corresponding points.',
          ],
        },
        {
          q: 'I forgot my password.',
          a: [
            'Use the password reset link on the log-in page. We will send a link to set a new password to your registered e-mail address.',
          ],
        },
        {
          q: 'Can I have more than one account?',
          a: ['No. Each person may have only one account. If we find multiple accounts, we may suspend their use.'],
        },
        {
          q: 'What happens if I do not use my account for a while?',
          a: [
            'If you do not buy, use or exchange points for 6 months after the last time you did, your account may be deleted without notice and its points expire.',
          ],
        },
      ],
    },
    {
      id: 'contact',
      heading: 'Contact us',
      paragraphs: [
        'If you have any questions, please contact us by e-mail or telephone.',
        'E-mail: {{email}}',
        'Telephone: {{phone}}',
        'Telephone hours: {{supportHours}}',
        'Operator: {{operatorName}}',
      ],
    },
  ],
};

export default doc;
