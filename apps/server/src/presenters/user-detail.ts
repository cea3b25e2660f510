import { prefectureName, type Lang, type UserDetail } from '@oripa/core';
import type { MemberRow } from '../db/queries/members.ts';

/** The profile and shipping address; a member without an address gets empty strings and pref_id 0. */
export function presentUserDetail(m: MemberRow, lang: Lang): UserDetail {
  return {
    lastName: m.last_name,
    middleName: m.middle_name,
    firstName: m.first_name,
    mail: m.mail,
    tel: m.tel,
    zipcode: m.zipcode ?? '',
    pref_id: m.pref_id ?? 0,
    pref_name: prefectureName(m.pref_id, lang),
    shiku: m.shiku ?? '',
    address: m.address ?? '',
    building: m.building ?? '',
    referral_code: m.referral_code,
  };
}
