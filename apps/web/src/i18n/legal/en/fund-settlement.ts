import type { LegalDocument } from '../types';

const doc: LegalDocument = {
  title: 'Notice under the Payment Services Act',
  label: 'PAYMENT SERVICE',
  layout: 'table',
  intro: [
    'This notice explains how the points you buy on "{{shopName}}" relate to the Payment Services Act (the "Act") and the conditions for using them.',
  ],
  sections: [
    {
      id: 'name',
      heading: 'Name of the points',
      paragraphs: ['{{shopName}} Points (shown in the Service as "points" or "P")'],
    },
    { id: 'issuer', heading: 'Issuer', paragraphs: ['{{operatorName}}'] },
    { id: 'issuer-address', heading: 'Address', paragraphs: ['{{operatorAddress}}'] },
    {
      id: 'price',
      heading: 'Price and payable amount',
      paragraphs: [
        '1 point = 1 yen (tax included).',
        'Each purchase is from 300 to 50,000 points. There is no upper limit on the points you may hold.',
      ],
    },
    {
      id: 'validity',
      heading: 'Validity period',
      paragraphs: [
        'Each point is valid for 6 months from the date it is granted. Points past their validity period expire and can no longer be used.',
        'If you do not buy, use or exchange points for 6 months after the last time you did, your account may be deleted and its remaining points expire.',
      ],
    },
    {
      id: 'act',
      heading: 'How the Payment Services Act applies',
      paragraphs: [
        'The Act places obligations on issuers of "prepaid payment instruments", such as gift certificates, prepaid cards and in-game currencies: for example, notification or registration, and depositing a security of at least half the unused balance.',
        "However, instruments that can be used only within 6 months of issue are excluded from the Act's rules on prepaid payment instruments (Article 4, item 2 of the Act, and Article 4, paragraph 2 of its Enforcement Order).",
        'Our points expire 6 months after they are granted, so this exclusion applies. For that reason we have not made a notification or registration or deposited an issuing security under the Act, and unused balances are not protected by the Act (no refund from a deposited security).',
      ],
    },
    {
      id: 'usage',
      heading: 'Where the points can be used',
      paragraphs: [
        'To buy packs in the Service and for other purposes we specify. One point is worth 1 yen.',
        'Free-granted points are used first; within the same kind, the points that expire soonest are used first.',
      ],
    },
    {
      id: 'refund',
      heading: 'Refunds',
      paragraphs: [
        'Points are not refunded for any reason, except where a refund is required by law.',
        'Points cannot be transferred, sold or exchanged for cash.',
      ],
    },
    {
      id: 'terms',
      heading: 'Terms',
      paragraphs: [
        'Please read the [Terms of Service](/terms-of-service) and the [Point Terms](/point-terms-of-service).',
      ],
    },
    {
      id: 'contact',
      heading: 'Contact',
      paragraphs: ['{{operatorName}}', 'E-mail: {{email}}', 'Telephone: {{phone}}', 'Hours: {{supportHours}}'],
    },
  ],
};

export default doc;
