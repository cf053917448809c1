import { existsSync } from 'node:fs';
import { PAYMENT_METHOD_LABELS, type ReceiptResponse } from '@lyceum/shared/company';
import { type Language, RTL_LANGUAGES } from '@lyceum/shared/locale';
import PDFDocument from 'pdfkit';

/** The receipt's words in each language (docs/product.md, "Messages in the user's language"). */
const WORDS: Record<
  Language,
  {
    title: (issuer: string) => string;
    document: (number: string) => string;
    number: string;
    date: string;
    statusLabel: string;
    status: Record<ReceiptResponse['payment']['status'], string>;
    billedTo: string;
    details: string;
    method: string;
    methods: Record<ReceiptResponse['payment']['method'], string>;
    reference: string;
    reason: string;
    total: string;
    /**
     * What the payment is for, as runs in reading order: the plan's or add-on's name (typed by the company, in
     * any script) is a run of its own, so a right-to-left receipt keeps it readable (see `receiptPdf`).
     */
    plan: (name: string, cycle: 'monthly' | 'yearly') => string[];
    addon: (name: string, cycle: 'monthly' | 'yearly') => string[];
    other: string;
    /** The period the payment pays for (docs/product.md, "Payments"). */
    period: string;
  }
> = {
  en: {
    title: (issuer) => `${issuer} receipt`,
    document: (number) => `Receipt ${number}`,
    number: 'Receipt number',
    date: 'Date',
    statusLabel: 'Status',
    status: { pending: 'Pending confirmation', confirmed: 'Paid', rejected: 'Rejected' },
    billedTo: 'Billed to',
    details: 'Details',
    method: 'Method',
    methods: PAYMENT_METHOD_LABELS,
    reference: 'Reference',
    reason: 'Reason',
    total: 'Total',
    plan: (name, cycle) => [`${name} plan (${cycle})`],
    addon: (name, cycle) => [`${name} add-on (${cycle})`],
    other: 'Payment',
    period: 'Period',
  },
  es: {
    title: (issuer) => `Recibo de ${issuer}`,
    document: (number) => `Recibo ${number}`,
    number: 'Número de recibo',
    date: 'Fecha',
    statusLabel: 'Estado',
    status: { pending: 'Pendiente de confirmación', confirmed: 'Pagado', rejected: 'Rechazado' },
    billedTo: 'Facturado a',
    details: 'Detalle',
    method: 'Método',
    methods: { bank_transfer: 'Transferencia bancaria', card: 'Tarjeta', cash: 'Efectivo', cheque: 'Cheque' },
    reference: 'Referencia',
    reason: 'Motivo',
    total: 'Total',
    plan: (name, cycle) => [`Plan ${name} (${cycle === 'yearly' ? 'anual' : 'mensual'})`],
    addon: (name, cycle) => [`Complemento ${name} (${cycle === 'yearly' ? 'anual' : 'mensual'})`],
    other: 'Pago',
    period: 'Periodo',
  },
  ar: {
    title: (issuer) => `إيصال ${issuer}`.trim(),
    document: (number) => `إيصال ${number}`,
    number: 'رقم الإيصال',
    date: 'التاريخ',
    statusLabel: 'الحالة',
    status: { pending: 'بانتظار التأكيد', confirmed: 'مدفوع', rejected: 'مرفوض' },
    billedTo: 'صادر إلى',
    details: 'التفاصيل',
    method: 'طريقة الدفع',
    methods: { bank_transfer: 'تحويل مصرفي', card: 'بطاقة', cash: 'نقدًا', cheque: 'شيك' },
    reference: 'المرجع',
    reason: 'السبب',
    total: 'الإجمالي',
    // No brackets: pdfkit does not mirror them in a right-to-left run.
    plan: (name, cycle) => ['خطة', name, cycle === 'yearly' ? 'السنوية' : 'الشهرية'],
    addon: (name, cycle) => ['إضافة', name, cycle === 'yearly' ? 'السنوية' : 'الشهرية'],
    other: 'دفعة',
    period: 'الفترة',
  },
};

/**
 * PDF's built-in fonts hold Latin letters only (WinAnsi). Arabic needs a font with its glyphs, and so does a
 * school's own text in another script in any receipt (an Arabic school name on an English receipt); these are
 * where Debian/Ubuntu's fonts-dejavu-core and Noto put one (README, "Run it"). Without any, an Arabic receipt is
 * written in English rather than in unreadable boxes.
 */
const FONTS_WITH_ARABIC = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf',
  '/usr/share/fonts/noto/NotoSansArabic-Regular.ttf',
];
let arabicFont: string | null | undefined;
const fontWithArabic = () => (arabicFont ??= FONTS_WITH_ARABIC.find((path) => existsSync(path)) ?? null);

/** Text the built-in fonts can write: Latin-1 and the few WinAnsi marks beyond it (dashes, quotes, bullet, €). */
const BUILT_IN_FONT_TEXT = /^[\t\n\r\u0020-\u00ff\u2013\u2014\u2018-\u201e\u2022\u2026\u20ac]*$/;

/** Letters of a right-to-left script (Hebrew, Arabic and their presentation forms). */
const RTL_LETTERS = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;

/**
 * How pdfkit is to lay a run out: text with right-to-left letters as one piece, which fontkit orders right to
 * left whole; by default pdfkit lays out each word alone and puts the words left to right, so "رقم الإيصال"
 * read "الإيصال رقم". Giving features is what makes it one piece.
 */
const layoutOf = (text: string): PDFKit.Mixins.TextOptions => (RTL_LETTERS.test(text) ? { features: ['rlig'] } : {});

/** Direction marks Intl puts around Arabic numbers; the receipt orders its runs itself (see `field`). */
const BIDI_MARKS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The receipt as a one-page PDF in `language`, its date in the school's time zone and its money in the
 * language's style.
 *
 * pdfkit shapes Arabic (through fontkit) but knows no bidirectional text: it lays a whole line out in one
 * direction. So in a right-to-left receipt every line holds one direction only: a label and its value are
 * two runs, the value placed to the label's left, and numbers use Latin digits (as Arabic print in the
 * Maghreb does), which keeps them left to right.
 */
export function receiptPdf(receipt: ReceiptResponse, requested: Language, timeZone: string): Promise<Buffer> {
  // The receipt's own values (school, address, payer, reference, plan) are whatever the school typed.
  const needsFont = RTL_LANGUAGES.includes(requested) || !BUILT_IN_FONT_TEXT.test(JSON.stringify(receipt));
  const font = needsFont ? fontWithArabic() : null;
  const language: Language = RTL_LANGUAGES.includes(requested) && !font ? 'en' : requested;
  const w = WORDS[language];
  const rtl = RTL_LANGUAGES.includes(language);
  const intlLocale = rtl ? `${language}-u-nu-latn` : language;
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      lang: language,
      info: { Title: w.document(receipt.receiptNumber) },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    if (font) doc.font(font);
    const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
    const line = (text: string, options: PDFKit.Mixins.TextOptions = {}) =>
      doc.text(text, { align: rtl ? 'right' : 'left', ...layoutOf(text), ...options });
    /**
     * Runs of one direction each, in reading order, on one line: left to right joined by spaces; right to left
     * each placed to the left of the one before.
     */
    const runs = (parts: string[]) => {
      if (!rtl) return doc.text(parts.join(' '), layoutOf(parts.join(' ')));
      const y = doc.y;
      let used = 0;
      let bottom = y;
      for (const part of parts) {
        doc.text(part, doc.page.margins.left, y, { width: width - used, align: 'right', ...layoutOf(part) });
        bottom = Math.max(bottom, doc.y);
        used += doc.widthOfString(part, layoutOf(part)) + doc.widthOfString(' ');
      }
      doc.y = bottom;
      return doc;
    };
    /** "Label: value", or in right-to-left the label on the right and the value to its left. */
    const field = (label: string | string[], value: string, separator = ': ') => {
      const parts = typeof label === 'string' ? [label] : label;
      if (!rtl) {
        // A value in a right-to-left script (the school's own text) is a run of its own after the label.
        if (!RTL_LETTERS.test(value)) return doc.text(`${parts.join(' ')}${separator}${value}`);
        doc.text(`${parts.join(' ')}${separator}`, { continued: true });
        return doc.text(value, layoutOf(value));
      }
      const last = parts.length - 1;
      return runs([...parts.map((part, i) => (i === last ? `${part}${separator.trim()}` : part)), value]);
    };
    const p = receipt.payment;
    // The line the server words in English (`description`) is worded here from its parts, as the web app's receipt does.
    const paymentFor = (): string[] => {
      if (p.addonName) return w.addon(p.addonName, p.billingCycle ?? 'monthly');
      if (p.planName) return w.plan(p.planName, p.billingCycle ?? 'monthly');
      return [w.other];
    };
    const money = (minor: number) =>
      new Intl.NumberFormat(intlLocale, { style: 'currency', currency: p.currency })
        .format(minor / 100)
        .replace(BIDI_MARKS, '');
    const dateFormat = new Intl.DateTimeFormat(
      intlLocale,
      rtl ? { dateStyle: 'short', timeZone } : { dateStyle: 'long', timeZone },
    );
    const dateOf = (iso: string) => dateFormat.format(new Date(iso)).replace(BIDI_MARKS, '');
    const date = dateOf(p.createdAt);
    doc.fontSize(20);
    if (rtl) field(w.title(''), receipt.issuedBy, ' ');
    else line(w.title(receipt.issuedBy));
    doc.moveDown(0.5).fontSize(11).fillColor('#555555');
    field(w.number, receipt.receiptNumber);
    field(w.date, date);
    field(w.statusLabel, w.status[p.status]);
    doc.moveDown().fillColor('#000000').fontSize(12);
    line(w.billedTo, { underline: true });
    doc.fontSize(11);
    line(receipt.school.name);
    if (receipt.school.address) line(receipt.school.address);
    if (receipt.school.email) line(receipt.school.email);
    doc.moveDown().fontSize(12);
    line(w.details, { underline: true });
    doc.fontSize(11);
    for (const item of receipt.lines) {
      field(item.label === p.description ? paymentFor() : item.label, money(item.amountMinor));
    }
    if (receipt.period) field(w.period, `${dateOf(receipt.period.start)} – ${dateOf(receipt.period.end)}`);
    field(w.method, w.methods[p.method]);
    field(w.reference, p.reference);
    if (p.reason) field(w.reason, p.reason);
    doc.moveDown().fontSize(14);
    field(w.total, money(receipt.totalMinor));
    doc.end();
  });
}
