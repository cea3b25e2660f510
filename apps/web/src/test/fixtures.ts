/** A logged-in member's /user/point reply, with rank data for the side menu. */
export const MEMBER = {
  state: 200,
  is_login: '1',
  id: 7,
  point: '12345',
  coin: '30',
  rank: 2,
  rank_name: 'シルバー',
  rank_color: '#9aa3ad',
  total_buy: 25000,
  rank_up_count: 50000,
  end_sms: '1',
};

export const DETAIL = {
  state: 200,
  detail: {
    lastName: '山田',
    middleName: '',
    firstName: '花子',
    mail: 'hanako@example.test',
    tel: '09012345678',
    zipcode: '3300063',
    pref_id: 11,
    pref_name: '埼玉県',
    shiku: 'さいたま市浦和区',
    address: '高砂1-2-3',
    building: 'キラキラハイツ101',
    referral_code: 'KIRA2026',
  },
};

/** The same member before any address is saved. */
export const NO_ADDRESS_DETAIL = {
  ...DETAIL,
  detail: { ...DETAIL.detail, zipcode: '', pref_id: 0, pref_name: '', shiku: '', address: '', building: '' },
};
