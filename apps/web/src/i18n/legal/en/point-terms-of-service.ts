import type { LegalDocument } from '../types';

const doc: LegalDocument = {
  title: 'Point Terms',
  label: 'POINT TERMS',
  layout: 'articles',
  established: '2021-11-10',
  revised: '2022-03-22',
  intro: [
    'These Point Terms (the "Point Terms") set out how points issued on "{{shopName}}" (the "Service"), operated by {{operatorName}} (the "Company"), are handled. The Point Terms are Individual Rules under the Terms of Service; matters not covered here are governed by the Terms of Service.',
    'This English version is a translation provided for convenience. If there is any difference between the Japanese and English versions, the Japanese version prevails.',
  ],
  sections: [
    {
      id: 'article-1',
      heading: 'Kinds of points',
      items: [
        '"Paid Points" means points a Member has bought for payment.',
        '"Free Points" means all points other than Paid Points, including bonus points, points granted as benefits such as campaigns, SMS verification and member ranks, and points granted by converting won cards to points.',
        'Whatever their kind, points can be used in the Service at 1 yen per point.',
      ],
    },
    {
      id: 'article-2',
      heading: 'Buying points',
      items: [
        'Members may buy points from the courses shown on the point-purchase page, with the payment methods the Company designates.',
        'Each purchase must be between 300 and 50,000 points. There is no upper limit on the points a Member may hold.',
        'Paid Points are granted when the Company confirms that payment is complete; for convenience-store payment and bank transfer, when the Company confirms receipt of the payment.',
      ],
    },
    {
      id: 'article-3',
      heading: 'Bonus and benefit points',
      items: [
        "According to the Member's rank, the Company grants bonus points on each point purchase, equal to the number of points bought multiplied by a rate the Company sets. The rates are shown on the point-purchase page and in the member-rank guide.",
        'A Member who completes SMS verification receives 500 points, once per account.',
        'The Company may grant points on a rank-up, in campaigns, for coupons, for referring members and in other cases it specifies. The conditions and amounts are announced on the Service each time.',
        'Bonus and benefit points are treated as Free Points.',
      ],
    },
    {
      id: 'article-4',
      heading: 'Using points',
      items: [
        'Points can be used to buy packs and for other purposes the Company specifies.',
        'When points are used, Free Points are spent first; within the same kind, the points that expire soonest are spent first.',
        'A transaction concluded by using points cannot be cancelled.',
      ],
    },
    {
      id: 'article-5',
      heading: 'Validity period',
      items: [
        'Each point is valid for 6 months from the date it is granted.',
        'Points past their validity period expire without notice to the Member. Expired points cannot be restored.',
        'If a Member has not bought, used or exchanged points for 6 months after the last time the Member did any of these, the Company may delete the account without prior notice, and all remaining points then expire.',
      ],
    },
    {
      id: 'article-6',
      heading: 'No refunds',
      paragraphs: [
        'Points are not refunded or exchanged for cash or other property for any reason, except where a refund is required by law.',
      ],
    },
    {
      id: 'article-7',
      heading: 'No transfer',
      paragraphs: [
        'Points may not be transferred, lent, sold or inherited to or by other Members or any third party. Points cannot be moved between accounts either (except transfers from partner sites the Company has approved).',
      ],
    },
    {
      id: 'article-8',
      heading: 'Cancellation of points',
      items: [
        'If points turn out to have been granted through a payment reversed by the payment provider, the use of an unauthorised means of payment, a breach of these Point Terms or the Terms of Service, or any other improper means, the Company may cancel those points.',
        'In the case of the previous paragraph, if the points to be cancelled have already been used, the Company may claim from the Member an amount equal to the points used.',
        "On withdrawal or cancellation of membership, all the Member's points expire.",
      ],
    },
    {
      id: 'article-9',
      heading: 'Relation to the Payment Services Act',
      paragraphs: [
        'Because points can be used only within 6 months of being granted, the rules of the Payment Services Act on prepaid payment instruments do not apply to them. For details, please see the [Notice under the Payment Services Act](/fund-settlement).',
      ],
    },
    {
      id: 'article-10',
      heading: 'Changes to the Point Terms',
      paragraphs: [
        'The Company may change these Point Terms in accordance with the Terms of Service. The changed Point Terms are posted on the Service and apply from their effective date.',
      ],
    },
  ],
  closing: ['End'],
};

export default doc;
