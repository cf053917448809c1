import { isolateText } from '@lyceum/shared/i18n/translate';
import type { Language } from '@lyceum/shared/locale';
import { ROLE_LABELS, type SchoolRole } from '@lyceum/shared/roles';

/**
 * The e-mails Lyceum sends, in each shipped language (docs/product.md, "Messages in the user's language").
 * Each mail is a table keyed by language, so TypeScript refuses a language without its text. "Lyceum" stays
 * as it is in every language: White Label mail replaces it with the school's name (db/mail.ts).
 *
 * In the Arabic mails, written right to left, someone's text inside a sentence (a person's or a school's name, an
 * e-mail address) is isolated (isolateText: U+2068 … U+2069) and so are "Lyceum" and our own address, as the
 * Arabic pages and messages isolate them (docs/product.md, "In the web app"): a Latin `Smith Jr.` or
 * `St. Mary's (North)` keeps its full stop and brackets at its own end, not the sentence's. A link alone on its
 * line is left bare, so it stays the exact text to copy; the English and Spanish mails add no marks.
 */

/** Whom a mail is written for: their language, and their school's clock for the dates in it. */
export interface MailLocale {
  language: Language;
  timeZone: string;
}

export interface MailText {
  subject: string;
  text: string;
}

/**
 * What a mail is for, kept with it in the outbox (db/mail.ts): the log names a mail by its id and kind, never by its
 * recipient or its text.
 */
export type MailKind = 'password_reset' | 'account_invite' | 'account_reset' | 'school_welcome' | 'email_verification';

/** A mail's words and its kind. */
export interface Mail extends MailText {
  kind: MailKind;
}

/** A moment as the recipient reads it: their language's words and their school's time zone. */
export function mailDateTime(locale: MailLocale, at: Date): string {
  return new Intl.DateTimeFormat(locale.language, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: locale.timeZone,
    timeZoneName: 'short',
  }).format(at);
}

const number = (locale: MailLocale, n: number) => new Intl.NumberFormat(locale.language).format(n);

type Plural = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
/** `n` with its noun in the grammatical number the language wants for it ("1 day", "7 días", "7 أيام"). */
function counted(locale: MailLocale, n: number, forms: Plural): string {
  const form = forms[new Intl.PluralRules(locale.language).select(n)] ?? forms.other;
  return form.replace('#', number(locale, n));
}

const DAYS: Record<Language, Plural> = {
  en: { one: '# day', other: '# days' },
  es: { one: '# día', other: '# días' },
  ar: { zero: '# يوم', one: 'يوم واحد', two: 'يومان', few: '# أيام', many: '# يومًا', other: '# يوم' },
};
const MINUTES: Record<Language, Plural> = {
  en: { one: '# minute', other: '# minutes' },
  es: { one: '# minuto', other: '# minutos' },
  ar: { zero: '# دقيقة', one: 'دقيقة واحدة', two: 'دقيقتان', few: '# دقائق', many: '# دقيقة', other: '# دقيقة' },
};

const ROLE_NAMES: Record<Language, Record<SchoolRole, string>> = {
  en: ROLE_LABELS,
  es: {
    school_admin: 'Administrador de la escuela',
    principal: 'Director',
    teacher: 'Profesor',
    student: 'Alumno',
    parent: 'Padre o madre',
  },
  ar: { school_admin: 'مدير المدرسة', principal: 'ناظر المدرسة', teacher: 'معلم', student: 'طالب', parent: 'ولي أمر' },
};

/** "Lyceum" in an Arabic sentence, isolated as the Arabic catalogues write it (`OUR_LATIN_LITERALS`). */
const LYCEUM_AR = isolateText('Lyceum');

/** How long a link works, in words: "for 60 minutes, until Nov 24, 2026, 4:00 PM UTC". */
function linkLife(locale: MailLocale, span: string, until: Date): string {
  const at = mailDateTime(locale, until);
  return { en: `for ${span}, until ${at}`, es: `durante ${span}, hasta el ${at}`, ar: `لمدة ${span}، حتى ${at}` }[
    locale.language
  ];
}

/** Someone asked for a reset on the sign-in page. */
export function passwordResetMail(locale: MailLocale, input: { link: string; minutes: number; expiresAt: Date }): Mail {
  const life = linkLife(locale, counted(locale, input.minutes, MINUTES[locale.language]), input.expiresAt);
  const texts: Record<Language, MailText> = {
    en: {
      subject: 'Reset your Lyceum password',
      text: [
        'Someone asked to reset the password of your Lyceum account.',
        '',
        `Choose a new password here (the link works once, ${life}):`,
        input.link,
        '',
        'If it was not you, ignore this message; your password stays as it is.',
      ].join('\n'),
    },
    es: {
      subject: 'Restablezca su contraseña de Lyceum',
      text: [
        'Alguien pidió restablecer la contraseña de su cuenta de Lyceum.',
        '',
        `Elija una contraseña nueva aquí (el enlace funciona una sola vez, ${life}):`,
        input.link,
        '',
        'Si no fue usted, ignore este mensaje; su contraseña sigue siendo la misma.',
      ].join('\n'),
    },
    ar: {
      subject: `أعد تعيين كلمة مرور ${LYCEUM_AR}`,
      text: [
        `طلب شخص ما إعادة تعيين كلمة مرور حسابك في ${LYCEUM_AR}.`,
        '',
        `اختر كلمة مرور جديدة من هنا (يعمل الرابط مرة واحدة ${life}):`,
        input.link,
        '',
        'إذا لم تكن أنت من طلب ذلك فتجاهل هذه الرسالة؛ وستبقى كلمة مرورك كما هي.',
      ].join('\n'),
    },
  };
  return { kind: 'password_reset', ...texts[locale.language] };
}

/** A school's staff made an account for someone (`invite`), or asked a new password for them (`reset`). */
export function schoolAccountMail(
  locale: MailLocale,
  input: {
    purpose: 'invite' | 'reset';
    name: string;
    email: string;
    role: SchoolRole;
    schoolName: string;
    link: string;
    expiresAt: Date;
    days: number;
    minutes: number;
  },
): Mail {
  const { name, email, schoolName, link } = input;
  const role = ROLE_NAMES[locale.language][input.role];
  const life =
    input.purpose === 'invite'
      ? linkLife(locale, counted(locale, input.days, DAYS[locale.language]), input.expiresAt)
      : linkLife(locale, counted(locale, input.minutes, MINUTES[locale.language]), input.expiresAt);
  const texts: Record<Language, Record<'invite' | 'reset', MailText>> = {
    en: {
      reset: {
        subject: 'Set a new Lyceum password',
        text: [
          `Hello ${name},`,
          '',
          `An administrator of ${schoolName} asked for a new password for your Lyceum account.`,
          `Choose it here (the link works once, ${life}):`,
          link,
        ].join('\n'),
      },
      invite: {
        subject: `You are invited to ${schoolName} on Lyceum`,
        text: [
          `Hello ${name},`,
          '',
          `${schoolName} has created a Lyceum account for you (${role}), signed in with ${email}.`,
          `Choose your password here (the link works once, ${life}):`,
          link,
        ].join('\n'),
      },
    },
    es: {
      reset: {
        subject: 'Establezca una nueva contraseña de Lyceum',
        text: [
          `Hola, ${name}:`,
          '',
          `Un administrador de ${schoolName} pidió una nueva contraseña para su cuenta de Lyceum.`,
          `Elíjala aquí (el enlace funciona una sola vez, ${life}):`,
          link,
        ].join('\n'),
      },
      invite: {
        subject: `Le invitamos a ${schoolName} en Lyceum`,
        text: [
          `Hola, ${name}:`,
          '',
          `${schoolName} le ha creado una cuenta de Lyceum (${role}), con la que inicia sesión como ${email}.`,
          `Elija su contraseña aquí (el enlace funciona una sola vez, ${life}):`,
          link,
        ].join('\n'),
      },
    },
    ar: {
      reset: {
        subject: `عيّن كلمة مرور جديدة لـ ${LYCEUM_AR}`,
        text: [
          `مرحبًا ${isolateText(name)}،`,
          '',
          `طلب أحد مديري ${isolateText(schoolName)} كلمة مرور جديدة لحسابك في ${LYCEUM_AR}.`,
          `اخترها من هنا (يعمل الرابط مرة واحدة ${life}):`,
          link,
        ].join('\n'),
      },
      invite: {
        subject: `دعوة إلى ${isolateText(schoolName)} على ${LYCEUM_AR}`,
        text: [
          `مرحبًا ${isolateText(name)}،`,
          '',
          `أنشأت ${isolateText(schoolName)} لك حسابًا في ${LYCEUM_AR} (${role})، تسجّل الدخول إليه بالعنوان ${isolateText(email)}.`,
          `اختر كلمة مرورك من هنا (يعمل الرابط مرة واحدة ${life}):`,
          link,
        ].join('\n'),
      },
    },
  };
  return {
    kind: input.purpose === 'invite' ? 'account_invite' : 'account_reset',
    ...texts[locale.language][input.purpose],
  };
}

/** Company staff created a school; its first admin chooses a password. */
export function schoolWelcomeMail(
  locale: MailLocale,
  input: {
    name: string;
    email: string;
    schoolName: string;
    link: string;
    signInUrl: string;
    days: number;
    expiresAt: Date;
  },
): Mail {
  const { name, email, schoolName, link, signInUrl } = input;
  const life = linkLife(locale, counted(locale, input.days, DAYS[locale.language]), input.expiresAt);
  const texts: Record<Language, MailText> = {
    en: {
      subject: `Welcome to ${schoolName}: set your password`,
      text: [
        `Hello ${name},`,
        '',
        `You are the school administrator of ${schoolName}.`,
        `Choose your password here (the link works once, ${life}):`,
        link,
        '',
        `Then sign in to Lyceum at ${signInUrl} with ${email}.`,
      ].join('\n'),
    },
    es: {
      subject: `Le damos la bienvenida a ${schoolName}: establezca su contraseña`,
      text: [
        `Hola, ${name}:`,
        '',
        `Usted administra la escuela ${schoolName} en Lyceum.`,
        `Elija su contraseña aquí (el enlace funciona una sola vez, ${life}):`,
        link,
        '',
        `Después inicie sesión en Lyceum en ${signInUrl} con ${email}.`,
      ].join('\n'),
    },
    ar: {
      subject: `مرحبًا بك في ${isolateText(schoolName)}: عيّن كلمة مرورك`,
      text: [
        `مرحبًا ${isolateText(name)}،`,
        '',
        `أنت مدير المدرسة في ${isolateText(schoolName)}.`,
        `اختر كلمة مرورك من هنا (يعمل الرابط مرة واحدة ${life}):`,
        link,
        '',
        `ثم سجّل الدخول إلى ${LYCEUM_AR} على ${isolateText(signInUrl)} بالعنوان ${isolateText(email)}.`,
      ].join('\n'),
    },
  };
  return { kind: 'school_welcome', ...texts[locale.language] };
}

/** A school signed up publicly; its admin confirms the address they signed up with (or asked for the link again). */
export function verifyEmailMail(locale: MailLocale, input: { link: string; days: number; expiresAt: Date }): Mail {
  const { link } = input;
  const life = linkLife(locale, counted(locale, input.days, DAYS[locale.language]), input.expiresAt);
  const texts: Record<Language, MailText> = {
    en: {
      subject: 'Confirm your e-mail address for Lyceum',
      text: [
        'Welcome to Lyceum.',
        '',
        `Confirm that this is your address (the link works once, ${life}):`,
        link,
        '',
        'Until then your school cannot send e-mail, such as invitations.',
        'If you did not sign up, ignore this message.',
      ].join('\n'),
    },
    es: {
      subject: 'Confirme su dirección de correo electrónico para Lyceum',
      text: [
        'Le damos la bienvenida a Lyceum.',
        '',
        `Confirme que esta es su dirección (el enlace funciona una sola vez, ${life}):`,
        link,
        '',
        'Hasta entonces su escuela no puede enviar correos electrónicos, como las invitaciones.',
        'Si usted no se registró, ignore este mensaje.',
      ].join('\n'),
    },
    ar: {
      subject: `أكّد عنوان بريدك الإلكتروني لـ ${LYCEUM_AR}`,
      text: [
        `مرحبًا بك في ${LYCEUM_AR}.`,
        '',
        `أكّد أن هذا هو عنوانك (يعمل الرابط مرة واحدة ${life}):`,
        link,
        '',
        'وحتى ذلك الحين لا تستطيع مدرستك إرسال رسائل البريد الإلكتروني، مثل الدعوات.',
        'إذا لم تكن أنت من سجّل، فتجاهل هذه الرسالة.',
      ].join('\n'),
    },
  };
  return { kind: 'email_verification', ...texts[locale.language] };
}
