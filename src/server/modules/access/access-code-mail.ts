import type { AssessmentStatus, Language } from '../../../shared/constants';
import { DELIVERY_STORY } from '../../../shared/delivery-story';
import type { MailMessage } from '../../platform/mail/mailer';
import { escapeHtml } from '../../platform/mail/escape-html';

const texts = {
  en: {
    subject: 'Your access code for the CMD risk assessment',
    greeting: (name: string) => `Dear ${name},`,
    thanks: 'Thank you for your order. Your access code for the CMD risk assessment is:',
    howTo:
      'Keep this code safe. With it you can continue your assessment at any time: open the link below and choose "I have an access code".',
    link: 'Continue your assessment',
    afterSurvey: 'Once you have completed the questionnaire, it goes to the practice.',
    submittedHowTo:
      'Keep this code safe. Your questionnaire is complete; with this code you can see where your assessment stands: open the link below and choose "I have an access code".',
    evaluatedHowTo:
      'Keep this code safe. Your evaluation is ready: open the link below, choose "I have an access code" and sign in with this code to read it and download it as a PDF.',
    signInLink: 'Sign in',
    invoice:
      'Your invoice is ready: sign in with your access code and choose "Invoice" at the top of the page to download it.',
    ignore: 'If you did not request this assessment, you can ignore this message.',
    signature: 'Your CMD Risk Assessment team',
    reissueSubject: 'Your new access code for the CMD risk assessment',
    reissued: (orderedAt: string) =>
      `As requested, here is a new access code for your CMD risk assessment ordered on ${orderedAt}. Your earlier code keeps working until you first sign in with this one; from then on only this code works:`,
    adminReissued: (orderedAt: string) =>
      `The practice has sent you a new access code for your CMD risk assessment ordered on ${orderedAt}. Your earlier code for it no longer works:`,
    adminReissueIgnore:
      'If you did not ask the practice for a new code, please let the practice know. Nobody else has received this code.',
    reissueIgnore:
      'If you did not ask for a new code, someone entered your e-mail address on our website. Please use this code from now on; nobody else has received it.',
  },
  de: {
    subject: 'Ihr Zugangscode für die CMD-Risikobewertung',
    greeting: (name: string) => `Guten Tag ${name},`,
    thanks: 'Vielen Dank für Ihre Bestellung. Ihr Zugangscode für die CMD-Risikobewertung lautet:',
    howTo:
      'Bewahren Sie diesen Code gut auf. Damit können Sie Ihre Bewertung jederzeit fortsetzen: Öffnen Sie den Link unten und wählen Sie „Ich habe einen Zugangscode“.',
    link: 'Bewertung fortsetzen',
    afterSurvey: 'Sobald Sie den Fragebogen abgeschlossen haben, geht er an die Praxis.',
    submittedHowTo:
      'Bewahren Sie diesen Code gut auf. Ihr Fragebogen ist abgeschlossen; mit diesem Code sehen Sie, wie weit Ihre Bewertung ist: Öffnen Sie den Link unten und wählen Sie „Ich habe einen Zugangscode“.',
    evaluatedHowTo:
      'Bewahren Sie diesen Code gut auf. Ihre Auswertung liegt vor: Öffnen Sie den Link unten, wählen Sie „Ich habe einen Zugangscode“ und melden Sie sich mit diesem Code an, um sie zu lesen und als PDF herunterzuladen.',
    signInLink: 'Anmelden',
    invoice:
      'Ihre Rechnung liegt bereit: Melden Sie sich mit Ihrem Zugangscode an und wählen Sie oben auf der Seite „Rechnung“, um sie herunterzuladen.',
    ignore:
      'Falls Sie diese Bewertung nicht angefordert haben, können Sie diese Nachricht ignorieren.',
    signature: 'Ihr Team der CMD-Risikobewertung',
    reissueSubject: 'Ihr neuer Zugangscode für die CMD-Risikobewertung',
    reissued: (orderedAt: string) =>
      `Wie gewünscht erhalten Sie einen neuen Zugangscode für Ihre am ${orderedAt} bestellte CMD-Risikobewertung. Ihr bisheriger Code gilt weiter, bis Sie sich zum ersten Mal mit diesem anmelden; ab dann gilt nur noch dieser Code:`,
    adminReissued: (orderedAt: string) =>
      `Die Praxis hat Ihnen einen neuen Zugangscode für Ihre am ${orderedAt} bestellte CMD-Risikobewertung geschickt. Ihr bisheriger Code dafür gilt nicht mehr:`,
    adminReissueIgnore:
      'Falls Sie die Praxis nicht um einen neuen Code gebeten haben, geben Sie ihr bitte Bescheid. Niemand sonst hat diesen Code erhalten.',
    reissueIgnore:
      'Falls Sie keinen neuen Code angefordert haben, hat jemand Ihre E-Mail-Adresse auf unserer Website eingegeben. Bitte verwenden Sie ab jetzt diesen Code; niemand sonst hat ihn erhalten.',
  },
} as const;

/**
 * The e-mail carrying a new access code (one assessment), in the patient's language: the first
 * one after checkout, or one in place of a lost code, which names the assessment by the time it
 * was ordered (no health data) so a patient with several can tell them apart.
 */
export function accessCodeMail(input: {
  to: string;
  name: string;
  code: string;
  language: Language;
  publicUrl: string;
  /** A code in place of a lost one: asked for by the patient, or sent by the practice. */
  reissue?: 'reissue' | 'admin-reissue';
  /** When the assessment was ordered, formatted for the patient. */
  orderedAt: string;
  /** A paid assessment has an invoice, downloaded after signing in (no link carries a token). */
  hasInvoice: boolean;
  /** Where the assessment stands: a new code for a completed one says nothing of completing. */
  status: AssessmentStatus;
}): MailMessage {
  const t = texts[input.language];
  const story = DELIVERY_STORY[input.language];
  const stage = input.status === 'in_progress' ? 'open' : input.status;
  const howTo =
    stage === 'open' ? t.howTo : stage === 'evaluated' ? t.evaluatedHowTo : t.submittedHowTo;
  const linkText = stage === 'open' ? t.link : t.signInLink;
  // How the evaluation arrives, unless it has: then the how-to above says where to read it.
  const delivery =
    stage === 'open' ? `${t.afterSurvey} ${story}` : stage === 'evaluated' ? null : story;
  const url = `${input.publicUrl}/`;
  const intro =
    input.reissue === 'admin-reissue'
      ? t.adminReissued(input.orderedAt)
      : input.reissue
        ? t.reissued(input.orderedAt)
        : t.thanks;
  const ignore =
    input.reissue === 'admin-reissue'
      ? t.adminReissueIgnore
      : input.reissue
        ? t.reissueIgnore
        : t.ignore;
  const text = [
    t.greeting(input.name),
    '',
    intro,
    '',
    `    ${input.code}`,
    '',
    howTo,
    `${linkText}: ${url}`,
    ...(delivery ? ['', delivery] : []),
    ...(input.hasInvoice ? ['', t.invoice] : []),
    '',
    ignore,
    '',
    t.signature,
  ].join('\n');
  const html = `<!doctype html>
<html lang="${input.language}"><body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f2937;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<p>${escapeHtml(t.greeting(input.name))}</p>
<p>${escapeHtml(intro)}</p>
<p style="font-size:24px;font-weight:700;letter-spacing:2px;font-family:ui-monospace,Menlo,Consolas,monospace;background:#f1f5f9;border-radius:8px;padding:12px 16px;display:inline-block">${escapeHtml(input.code)}</p>
<p>${escapeHtml(howTo)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#1565c0;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:8px">${escapeHtml(linkText)}</a></p>
${delivery ? `<p>${escapeHtml(delivery)}</p>\n` : ''}${input.hasInvoice ? `<p>${escapeHtml(t.invoice)}</p>\n` : ''}<p style="color:#6b7280;font-size:13px">${escapeHtml(ignore)}</p>
<p>${escapeHtml(t.signature)}</p>
</body></html>`;
  return {
    to: input.to,
    subject: input.reissue ? t.reissueSubject : t.subject,
    text,
    html,
    template: `access-code${input.reissue ? '-reissue' : ''}-${input.language}`,
  };
}
