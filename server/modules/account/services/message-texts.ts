/**
 * The texts of the SMS and e-mails the platform sends a member, in the member's language: the
 * language of the site they asked from (its language cookie when the tenant offers that language,
 * else the tenant's default; `Actor.language`). Filipino (TY) and English (EN) have texts; any
 * other listed language reads English, as the site's other server-made content does.
 */
import { contentLang } from '../../../lib/lang';

type Lang = 'EN' | 'TY';

const langOf = (language: string): Lang => (contentLang(language) === 'TY' ? 'TY' : 'EN');

/** The SMS carrying a verification code (registration, SMS login, password resets). */
export function verificationCodeSms(language: string, brand: string, code: string, minutes: number): string {
  switch (langOf(language)) {
    case 'TY':
      return `${brand}: ${code} ang iyong code ng beripikasyon. Mawawalan ito ng bisa sa loob ng ${minutes} minuto.`;
    case 'EN':
      return `${brand}: your verification code is ${code}. It expires in ${minutes} minutes.`;
  }
}

/** The e-mail carrying a temporary password (forgot password by e-mail). */
export function temporaryPasswordEmail(language: string, brand: string, password: string, minutes: number): { subject: string; text: string } {
  switch (langOf(language)) {
    case 'TY':
      return {
        subject: `${brand}: pansamantalang password`,
        text: `Ang iyong pansamantalang password ay ${password}. Gumagana ito sa loob ng ${minutes} minuto; mag-log in gamit ito at pumili ng bagong password.`,
      };
    case 'EN':
      return {
        subject: `${brand}: temporary password`,
        text: `Your temporary password is ${password}. It works for ${minutes} minutes; log in with it and choose a new password.`,
      };
  }
}
