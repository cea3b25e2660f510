import type { LegalDocument } from '../types';

const doc: LegalDocument = {
  title: 'Privacy Policy',
  label: 'PRIVACY POLICY',
  layout: 'sections',
  established: '2021-11-10',
  revised: '2022-03-22',
  intro: [
    '{{operatorName}} (the "Company", "we" or "us") recognises the importance of the personal information of the users of "{{shopName}}" (the "Service"), our online trading-card capsule-lottery service, and handles it properly as set out below, in compliance with the Act on the Protection of Personal Information (the "APPI") and other applicable laws.',
    'This English version is a translation provided for convenience. If there is any difference between the Japanese and English versions, the Japanese version prevails.',
  ],
  sections: [
    {
      id: 'collected',
      heading: '1. Information we collect',
      paragraphs: ['To provide the Service, we collect the following information by lawful and fair means:'],
      items: [
        'Information entered at registration: name, telephone number, e-mail address, password (stored in a form we cannot reverse) and referral code.',
        'Information registered as a shipping address: postal code, prefecture, city, street address and building name.',
        'The mobile phone number entered for SMS verification, and the result of the verification.',
        'The history of point purchases, pack purchases, choices and shipments of won cards, coupon use and other transactions.',
        'Payment information: the type of payment method, tokens issued by payment providers, masked card numbers (such as the last four digits), and the account holder name (in katakana) for bank transfers.',
        'Information you provide when contacting us, and the content of that correspondence.',
        'Access logs such as IP address, cookies, browser type, device information, access times and the pages viewed.',
      ],
      notes: [
        'Credit card numbers, expiry dates and security codes are sent directly from your device to the payment provider. We neither collect nor store them.',
      ],
    },
    {
      id: 'purposes',
      heading: '2. Purposes of use',
      paragraphs: ['We use the information we collect only for the following purposes:'],
      items: [
        'to accept registrations, verify identity and manage accounts;',
        'to sell points and packs, and to bill and settle payments;',
        'to ship won cards and tell you about their delivery;',
        'to verify identity by SMS, prevent multiple accounts and grant the related benefits;',
        'to provide benefits such as member ranks, campaigns and coupons;',
        'to answer enquiries and send important notices;',
        'to prevent fraud, deal with breaches of the Terms of Service and keep the Service secure;',
        'to analyse usage in order to improve the Service and develop new features;',
        'with your consent, to tell you about new packs and campaigns;',
        'for purposes incidental to the above.',
      ],
    },
    {
      id: 'third-parties',
      heading: '3. Provision to third parties',
      paragraphs: [
        'We do not provide personal data to third parties without your prior consent, except in the following cases:',
      ],
      items: [
        'where required by law;',
        "where necessary to protect a person's life, body or property and it is difficult to obtain your consent;",
        'where especially necessary to improve public health or promote the healthy upbringing of children and it is difficult to obtain your consent;',
        'where necessary to cooperate with a national or local government body, or a party entrusted by one, in carrying out duties prescribed by law, and obtaining your consent would be likely to hinder those duties;',
        'where personal data is provided as part of the succession of a business through a merger, company split, business transfer or similar event.',
      ],
    },
    {
      id: 'outsourcing',
      heading: '4. Outsourcing',
      paragraphs: [
        'Within what is needed for the purposes of use, we may entrust all or part of the handling of personal data to businesses such as the following. We choose them carefully, require them by contract to take security measures, and supervise them as necessary and appropriate.',
      ],
      items: [
        'payment providers (credit card, convenience-store payment, bank transfer, carrier billing and wallet providers);',
        'delivery companies (shipping won cards);',
        'SMS and e-mail delivery providers;',
        'providers of servers and other system infrastructure.',
      ],
    },
    {
      id: 'payment-processors',
      heading: '5. Information handled with payment providers',
      paragraphs: [
        'When you pay, the card and other payment information you enter is handled by the payment provider under its own privacy policy. For identity checks such as 3-D Secure and for fraud detection, payment providers may share information with card issuers and similar parties.',
        'The information we receive from payment providers is limited to what we need to manage transactions, such as the payment result, tokens and masked card numbers.',
      ],
    },
    {
      id: 'foreign',
      heading: '6. Provision to third parties in foreign countries',
      paragraphs: [
        'Businesses we entrust may keep servers, or handle personal data, outside Japan. In that case we entrust them only after confirming that they have systems meeting the standards of the APPI, and we provide information about the personal-information protection system of the country concerned on request.',
      ],
    },
    {
      id: 'cookies',
      heading: '7. Cookies and usage analysis',
      paragraphs: [
        'The Service uses cookies and similar technologies to keep you logged in, to keep the Service secure (preventing forged requests), to remember your display language and to analyse usage.',
        'You can disable cookies in your browser settings, but then some features of the Service, such as logging in and buying points, will not be available.',
        'The information obtained by usage analysis does not include information that identifies a specific individual.',
      ],
    },
    {
      id: 'security',
      heading: '8. Security measures',
      paragraphs: [
        'We take the following measures to prevent leaks, loss or damage of personal data and otherwise keep it secure:',
      ],
      items: [
        'Organisational: we appoint a person responsible for handling personal data and review how it is handled regularly.',
        'Human: we train our staff regularly on handling personal data and bind them to confidentiality.',
        'Physical: we control entry to areas where personal data is handled and prevent the theft or loss of equipment and media.',
        'Technical: we encrypt communications, manage access rights, store passwords in an irreversible form and monitor for unauthorised access.',
      ],
    },
    {
      id: 'retention',
      heading: '9. Retention',
      paragraphs: [
        'We keep personal data for as long as needed for the purposes of use and for any period required by law. After you withdraw or your account is deleted, we erase or anonymise your personal data without delay, except records such as transaction records that the law requires us to keep.',
      ],
    },
    {
      id: 'requests',
      heading: '10. Requests for disclosure and other requests',
      paragraphs: [
        'If you ask us to notify you of the purposes of use of your retained personal data, to disclose it (including records of provision to third parties), to correct, add to or delete it, to stop using or erase it, or to stop providing it to third parties, we will confirm your identity and respond without delay as the law requires.',
        'Please send requests by e-mail to the contact in "13. Contact". For notification of purposes and disclosure, we may ask you to pay actual costs such as postage.',
      ],
    },
    {
      id: 'minors',
      heading: '11. Personal information of minors',
      paragraphs: [
        'Minors must obtain the consent of a parent or other legal guardian before using the Service. We handle requests from legal guardians as described in the previous section.',
      ],
    },
    {
      id: 'changes',
      heading: '12. Changes to this Policy',
      paragraphs: [
        'We may change this Policy in line with changes in law or in the Service. We will announce important changes on the Service or by other appropriate means. The changed Policy takes effect when it is posted on the Service.',
      ],
    },
    {
      id: 'contact',
      heading: '13. Contact',
      paragraphs: [
        'Please send enquiries, complaints and requests for disclosure about the handling of personal information to:',
        'Company: {{operatorName}}',
        'Representative: {{representative}}',
        'Address: {{operatorAddress}}',
        'E-mail: {{email}}',
        'Telephone: {{phone}}',
        'Telephone hours: {{supportHours}}',
      ],
    },
  ],
  closing: ['End'],
};

export default doc;
