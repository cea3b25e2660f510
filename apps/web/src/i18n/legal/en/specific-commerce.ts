import type { LegalDocument } from '../types';

const doc: LegalDocument = {
  title: 'Notice under the Act on Specified Commercial Transactions',
  label: 'TERMS OF SALE',
  layout: 'table',
  sections: [
    { id: 'seller', heading: 'Seller', paragraphs: ['{{operatorName}}'] },
    { id: 'manager', heading: 'Person responsible for operations', paragraphs: ['{{representative}}'] },
    { id: 'address', heading: 'Address', paragraphs: ['{{operatorAddress}}'] },
    {
      id: 'phone',
      heading: 'Telephone',
      paragraphs: [
        '{{phone}}',
        'Hours: {{supportHours}}',
        'So that we can check the details of your enquiry, please contact us by e-mail at the address below wherever possible.',
      ],
    },
    { id: 'email', heading: 'E-mail', paragraphs: ['{{email}}'] },
    // Card exchange and partner transfer buy cards from members and a third party (Secondhand Articles Dealer Act).
    {
      id: 'antique-dealer-licence',
      heading: 'Secondhand dealer licence (古物商許可番号)',
      paragraphs: ['{{antiqueDealerLicence}}'],
      whenSet: true,
    },
    {
      id: 'price',
      heading: 'Prices',
      paragraphs: [
        "Packs: the number of points shown on each pack's sales page.",
        'Points: 1 point = 1 yen (tax included), sold at the prices shown on the point-purchase page. Each purchase is from 300 to 50,000 points.',
      ],
    },
    {
      id: 'other-charges',
      heading: 'Charges other than the price',
      paragraphs: [
        'Shipping within Japan is free (paid by us).',
        'Shipping overseas may incur separate shipping charges, customs duties and similar costs.',
        'Some payment methods carry a payment fee (such as a convenience-store payment fee or a bank-transfer fee).',
        'Internet connection and communication charges are paid by the customer.',
      ],
    },
    {
      id: 'payment-methods',
      heading: 'Payment methods',
      paragraphs: [
        'Credit card (with 3-D Secure), convenience-store payment, bank transfer, carrier billing (charged with your mobile phone bill), and the smartphone payment and online wallet services we designate.',
      ],
    },
    {
      id: 'payment-timing',
      heading: 'Time of payment',
      paragraphs: [
        'Credit card, smartphone payment and online wallets: payment is settled when you order.',
        'Carrier billing: settled when you order and paid with your mobile phone bill at the time your carrier sets.',
        'Convenience store: please pay within 3 days of ordering.',
        'Bank transfer: please transfer within 3 days of ordering. Transfers made outside weekdays 10:00–18:00 are reflected on the next business day.',
        'An order that is not paid within the deadline is cancelled automatically.',
      ],
    },
    {
      id: 'delivery',
      heading: 'Time of delivery',
      paragraphs: [
        'Points: granted immediately after payment is complete (for convenience-store payment and bank transfer, after we confirm receipt of your payment).',
        'Packs: your cards are decided immediately after purchase and can be viewed on My page.',
        'Cards: shipped, as a rule, within 5 business days after your shipping request is complete. Delivery usually takes about 3 to 14 days from the completion of the shipping request (it may vary with weekends, national holidays, the New Year holidays and delivery conditions).',
        'Please choose to ship or convert each card to points within 24 hours of purchase. After that the right to have the card shipped is lost and points are granted automatically.',
      ],
    },
    {
      id: 'quantity',
      heading: 'Quantity',
      paragraphs: [
        'Each pack is sold only up to the number of tickets shown on its sales page and ends when they are gone. Some packs limit the number of purchases per person.',
      ],
    },
    {
      id: 'returns',
      heading: 'Returns and cancellations',
      paragraphs: [
        'Because points and packs are digital content and lotteries by nature, we do not accept returns, cancellations or refunds after purchase.',
        'If an item we delivered was damaged or soiled in transit, or you received an item other than the card you won, please contact us within 7 days of receipt. After checking, we will exchange it for the same or an equivalent item, or grant the corresponding points.',
      ],
    },
    {
      id: 'environment',
      heading: 'System requirements',
      paragraphs: [
        'Smartphones: the latest OS and its standard browser.',
        'Computers: the latest version of a major browser.',
        'Please enable JavaScript and cookies. In other environments some features may not work correctly.',
      ],
    },
  ],
};

export default doc;
