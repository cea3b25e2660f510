import type { LegalDocument } from '../types';

const doc: LegalDocument = {
  title: 'Terms of Service',
  label: 'TERMS OF SERVICE',
  layout: 'articles',
  established: '2021-11-10',
  revised: '2022-03-22',
  intro: [
    'These Terms of Service (the "Terms") set out the conditions for using "{{shopName}}" (the "Service"), the online trading-card capsule-lottery ("online oripa") service operated by {{operatorName}} (the "Company", "we" or "us"). Please read these Terms carefully before using the Service.',
    'This English version is a translation provided for convenience. If there is any difference between the Japanese and English versions, the Japanese version prevails.',
  ],
  sections: [
    {
      id: 'article-1',
      heading: 'Application',
      items: [
        'These Terms apply to every relationship between the Company and members concerning the use of the Service.',
        'The Point Terms, the Privacy Policy, the User Guide and other rules and notes that the Company publishes on the Service (the "Individual Rules") form part of these Terms.',
        'Where these Terms and the Individual Rules differ, the Individual Rules prevail unless they provide otherwise.',
      ],
    },
    {
      id: 'article-2',
      heading: 'Definitions',
      paragraphs: ['In these Terms, the following words have the following meanings.'],
      items: [
        '"Member" means an individual who has agreed to these Terms and completed the registration set out in Article 3.',
        '"Account" means the registered e-mail address, password and other credentials the Company grants a Member for using the Service.',
        '"Points" means the electronic prepaid right issued by the Company that can be used in the Service, for example to buy packs.',
        '"Pack" means a product in which, for each purchase, one item is chosen at random from the trading cards and other items in the quantity (number of tickets) shown on its sales page and allotted to the Member.',
        '"Won Card" means a trading card or other item allotted to a Member by the purchase of a Pack.',
        '"Point Conversion" means receiving the Points set by the Company in place of the right to have a Won Card shipped.',
      ],
    },
    {
      id: 'article-3',
      heading: 'Registration',
      items: [
        'A person who wishes to use the Service shall agree to these Terms and the Privacy Policy and apply for membership in the manner the Company specifies. Registration is complete when the Company accepts the application and shows the registration-complete screen.',
        'Each person may register only one Account.',
        'A minor shall obtain the consent of a parent or other legal guardian before registering, and likewise before using the Service. If a minor falsely claims to have obtained that consent, the minor may not cancel the resulting transactions.',
        {
          text: 'The Company may refuse an application if it considers that any of the following applies, and is not obliged to disclose its reasons:',
          items: [
            'all or part of the registration details are false, mistaken or incomplete;',
            'the applicant is already registered, or has previously had membership cancelled for breach of these Terms or a similar reason;',
            'the Company considers that the applicant is, or is involved with, an Antisocial Force (as defined in Article 12);',
            'the Company otherwise considers the registration inappropriate.',
          ],
        },
      ],
    },
    {
      id: 'article-4',
      heading: 'Account management',
      items: [
        'Members shall manage their Account properly at their own responsibility and shall not let any third party use it, nor lend, transfer, sell, change the holder of, or pledge it.',
        'Any use of the Service made with an Account is deemed to be use by the Member who holds it, except where caused by the intent or negligence of the Company.',
        'A Member who finds that the Account has been stolen or is being used by a third party shall immediately notify the Company and follow its instructions.',
        'Members shall update their registration details without delay, in the manner the Company specifies, whenever they change. The Company is not responsible for any disadvantage a Member suffers by failing to do so.',
      ],
    },
    {
      id: 'article-5',
      heading: 'Points',
      items: [
        'Points are worth 1 yen per point and can be used to buy Packs in the Service and for other purposes the Company specifies.',
        'Points are valid for 6 months from the date on which they are granted. Points past their validity period expire without notice to the Member.',
        'Points are not refunded or exchanged for cash or other property for any reason, except where a refund is required by law.',
        'Points and the Account that holds them may not be transferred, lent, sold or inherited to or by other Members or any third party.',
        'When Points are used, free-granted Points are spent first.',
        'The details of how Points are granted, used and expire are set out in the [Point Terms](/point-terms-of-service), which are Individual Rules.',
      ],
    },
    {
      id: 'article-6',
      heading: 'Purchase of Points',
      items: [
        "Members may buy Points on the Company's point-purchase page with the payment methods the Company designates. Each purchase must be between 300 and 50,000 Points.",
        'Points are granted when the Company confirms that the payment is complete; for convenience-store payment and bank transfer, when the Company confirms receipt of the payment.',
        "An order by convenience-store payment or bank transfer is cancelled automatically if payment is not confirmed by the Company's deadline (3 days after the order).",
        'The use of each payment method is also subject to the terms of the relevant payment provider. Any dispute between a Member and a payment provider shall be settled between them.',
      ],
    },
    {
      id: 'article-7',
      heading: 'Purchase of Packs',
      items: [
        'Members may buy a Pack 1, 10 or 100 times, or for all remaining tickets, by spending the Points shown on its sales page.',
        'The contents of each Pack (the number of tickets and the breakdown of Won Cards) are fixed before sales start, and each purchase allots one item at random from those remaining. The Company publishes on the Service the information needed to verify that Packs are fair.',
        'A Pack stops selling when the number of tickets shown on its sales page has been sold. The Company may also set, for each Pack, a maximum number of purchases per Member and conditions such as member rank or SMS verification.',
        'A purchase of a Pack is concluded when the Member confirms it on the purchase-confirmation screen. After that it cannot be cancelled or returned, and the Points spent are not given back.',
      ],
    },
    {
      id: 'article-8',
      heading: 'Choice of Won Cards',
      items: [
        'For each Won Card, the Member chooses either to have it shipped or to make a Point Conversion.',
        'The choice in the previous paragraph shall be made within 24 hours of the purchase of the Pack. For any Won Card not chosen within that time, the right to have it shipped is lost when the time runs out, and the Points set by the Company are granted automatically.',
        'Won Cards that the Company has designated as not eligible for Point Conversion can only be shipped.',
        'A choice, once confirmed by the Member, cannot be changed or cancelled.',
      ],
    },
    {
      id: 'article-9',
      heading: 'Shipping',
      items: [
        'The Company ships the Won Cards a Member has chosen to ship to the shipping address the Member has registered. Shipping within Japan is free of charge. Shipping overseas may incur separate shipping charges, customs duties and other costs.',
        'The Company ships Won Cards, as a rule, within 5 business days after the shipping request is completed. Delivery usually takes about 3 to 14 days from the completion of the shipping request, but may take longer because of weekends, national holidays, the New Year holidays or delivery conditions.',
        'If a Won Card is returned to the Company because of a wrong registered address, a long absence, a refusal to accept delivery or any other reason attributable to the Member, the Company may dispose of it after keeping it for a reasonable period. In that case no Points are given back.',
      ],
    },
    {
      id: 'article-10',
      heading: 'Returns and cancellations',
      items: [
        'Because Points and Packs are digital content and lotteries by nature, no returns, cancellations or refunds are accepted after purchase.',
        'If a delivered Won Card was damaged or soiled in transit, or an item other than the Won Card was delivered, please contact the Company within 7 days of receipt. After checking, the Company will exchange it for the same or an equivalent item, or grant the corresponding Points.',
        'Owing to the nature of trading cards, off-centre printing, fine scratches, factory curl and other variations that can arise in manufacture do not count as damage or soiling under the previous paragraph.',
      ],
    },
    {
      id: 'article-11',
      heading: 'Prohibited acts',
      paragraphs: ['When using the Service, Members shall not do any of the following:'],
      items: [
        'anything that breaches laws or public order and morals;',
        'criminal acts or acts related to them;',
        'registering or using more than one Account per person;',
        'impersonating another person or registering false information;',
        'transferring, lending or selling an Account, Points or the right to have a Won Card shipped to a third party, or soliciting others for that purpose;',
        "using an unauthorised means of payment (including a credit card in another person's name);",
        "putting an excessive load on the Service's servers or network, or accessing the Service with automated programs;",
        'deliberately exploiting a defect of the Service, or continuing to use a defect knowingly without reporting it to the Company;',
        'obstructing, or risking obstruction of, the operation of the Service;',
        'infringing the intellectual property rights, portrait rights, privacy or other rights or interests of the Company, other Members or any third party;',
        'defaming the Company, other Members or any third party, or damaging their reputation or credit;',
        'directly or indirectly providing benefits to Antisocial Forces;',
        'anything else the Company considers inappropriate.',
      ],
    },
    {
      id: 'article-12',
      heading: 'Exclusion of antisocial forces',
      items: [
        'Members represent and warrant, now and in the future, that they are not an organised crime group, a member of one, a person for whom five years have not passed since ceasing to be a member of one, an associate member, a company related to one, a corporate racketeer, a racketeer claiming to be a social or political movement, a special intelligence crime group, or any similar person (together, "Antisocial Forces"), and that they have no involvement with Antisocial Forces.',
        "If the Company determines that a Member has breached the previous paragraph, it may cancel that Member's membership without prior notice, and is not liable for any damage the Member suffers as a result.",
      ],
    },
    {
      id: 'article-13',
      heading: 'Suspension and cancellation of membership',
      items: [
        {
          text: "If a Member falls under any of the following, the Company may, without prior notice or demand, suspend all or part of that Member's use of the Service or cancel the membership:",
          items: [
            'the Member has breached any provision of these Terms;',
            'the registration details are found to contain false information;',
            "a payment provider has suspended the Member's means of payment or refused payment;",
            "the Member has not responded to the Company's contact for a considerable period;",
            "the Company otherwise considers the Member's use of the Service inappropriate.",
          ],
        },
        "If a membership is cancelled under the previous paragraph, the Member's Points and rights to have Won Cards shipped are extinguished.",
        'The Company is not liable for any damage a Member suffers from measures taken under this Article.',
      ],
    },
    {
      id: 'article-14',
      heading: 'Idle accounts',
      paragraphs: [
        "If a Member has not bought, used or exchanged Points for 6 months after the last time the Member did any of these, the Company may delete the Member's Account without notice. In that case all Points remaining in the Account expire.",
      ],
    },
    {
      id: 'article-15',
      heading: 'Withdrawal',
      items: [
        "Members may withdraw from the Service at any time by following the Company's procedure.",
        "On withdrawal, all of the Member's Points and rights to have Won Cards shipped are extinguished, and the Company makes no refund of Points or any other compensation.",
      ],
    },
    {
      id: 'article-16',
      heading: 'Changes to, interruption and termination of the Service',
      items: [
        {
          text: 'The Company may interrupt all or part of the Service without prior notice to Members in any of the following cases:',
          items: [
            'maintenance, inspection or updating of the systems of the Service;',
            'when providing the Service becomes difficult because of an earthquake, lightning, fire, power cut, natural disaster or other force majeure;',
            'when providing the Service becomes difficult because of a failure of communication lines, payment providers or delivery companies;',
            'any other case in which the Company considers providing the Service difficult.',
          ],
        },
        'The Company may change the content of the Service or end the Service after giving notice on the Service a reasonable time in advance. If the Service ends, the Company will take the measures the law requires for unused Points.',
      ],
    },
    {
      id: 'article-17',
      heading: 'Intellectual property',
      paragraphs: [
        'All intellectual property rights in the text, images, video, programs, trademarks and other information that make up the Service belong to the Company or to third parties with legitimate rights. Members shall not copy, reproduce, modify, distribute or otherwise use them beyond private use.',
      ],
    },
    {
      id: 'article-18',
      heading: 'Personal information',
      paragraphs: [
        'The Company handles the personal information of Members obtained through the use of the Service properly, in accordance with its [Privacy Policy](/privacy-protection).',
      ],
    },
    {
      id: 'article-19',
      heading: 'Disclaimers',
      items: [
        'The Company does not warrant that the Service fits any particular purpose of a Member, that it gives the results a Member expects (including winning any particular card), or that it is free of defects.',
        'The market price of Won Cards changes, and the Company gives no warranty about the future value or saleability of any Won Card.',
        "The Company is not responsible where a Member cannot use the Service because of the Member's network, device or third-party services.",
        'Members shall settle, at their own responsibility and cost, any dispute with other Members or third parties that arises in connection with the Service.',
      ],
    },
    {
      id: 'article-20',
      heading: 'Damages',
      items: [
        "The Company is not liable for damage a Member suffers in connection with the Service, except where caused by the Company's intent or gross negligence.",
        "Even where the Company is liable to a Member for damages (including where the Consumer Contract Act or other laws do not allow the Company's liability to be excluded), except in cases of the Company's intent or gross negligence, the Company's liability is limited to direct and ordinary damage actually incurred, up to the amount the Member paid for the Service in the month in which the damage occurred.",
      ],
    },
    {
      id: 'article-21',
      heading: 'Contact and notices',
      items: [
        'The Company contacts or notifies Members by posting on the Service, by e-mail to the registered e-mail address, or by any other means it considers appropriate.',
        'A notice under the previous paragraph is deemed to have reached the Member when it is posted on the Service or when the e-mail is sent.',
        'Members contact the Company through the enquiry channel on the Service or by e-mail ({{email}}). Telephone enquiries are accepted during these hours: {{supportHours}}.',
      ],
    },
    {
      id: 'article-22',
      heading: 'Changes to these Terms',
      items: [
        'Under Article 548-4 of the Civil Code, the Company may change these Terms without the individual consent of Members where the change is in the general interest of Members, or where the change does not go against the purpose of the contract and is reasonable in light of the need for it, the appropriateness of the new content and other circumstances.',
        'When changing these Terms, the Company will make the new Terms and their effective date known on the Service, or by other appropriate means, a reasonable time before the effective date.',
      ],
    },
    {
      id: 'article-23',
      heading: 'No assignment; severability',
      items: [
        "Members may not assign or pledge their position under the contract based on these Terms, or any rights or obligations under it, to a third party without the Company's prior written consent.",
        "If the Company transfers the business of the Service to a third party, it may transfer to the transferee its position, rights and obligations under these Terms together with the Members' registration details and other information, and Members agree to this in advance.",
        'If any provision of these Terms, or part of one, is held invalid or unenforceable under the Consumer Contract Act or other laws, the remaining provisions stay in full force.',
      ],
    },
    {
      id: 'article-24',
      heading: 'Governing law and jurisdiction',
      items: [
        'These Terms are governed by the laws of Japan.',
        'The Saitama District Court has exclusive jurisdiction as the court of first instance over any dispute between the Company and a Member concerning the Service or these Terms.',
      ],
    },
  ],
  closing: ['End'],
};

export default doc;
