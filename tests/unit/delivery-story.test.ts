import { describe, expect, it } from 'vitest';
import { LANGUAGES, type AssessmentStatus } from '../../src/shared/constants';
import { DELIVERY_STORY } from '../../src/shared/delivery-story';
import { accessCodeMail } from '../../src/server/modules/access/access-code-mail';
import { completionMail } from '../../src/server/modules/assessments/completion-mail';
import { evaluationMail } from '../../src/server/modules/evaluations/evaluation-mails';
import de from '../../src/client/features/survey/locales/de.json';
import en from '../../src/client/features/survey/locales/en.json';

const codeMail = (
  language: 'en' | 'de',
  status: AssessmentStatus,
  reissue: 'reissue' | undefined = 'reissue',
) =>
  accessCodeMail({
    to: 'pat@example.org',
    name: 'Pat Ient',
    code: 'ABCD-EFGH-JKLM-NPQR',
    language,
    publicUrl: 'https://cmd.example.org',
    reissue,
    orderedAt: '1 March 2026',
    hasInvoice: false,
    status,
  });

/** Words that would send a patient who has finished back to a survey they cannot open. */
const COMPLETING = {
  en: /complete the (questionnaire|survey)|continue your assessment/i,
  de: /Fragebogen abgeschlossen haben|Bewertung (jederzeit )?fortsetzen/i,
};

describe('one story about how the evaluation arrives', () => {
  for (const language of LANGUAGES) {
    it(`the access-code and completion e-mails tell the same story (${language})`, () => {
      const story = DELIVERY_STORY[language];
      expect(codeMail(language, 'in_progress', undefined).text).toContain(story);
      expect(codeMail(language, 'in_progress', undefined).html).toContain(story);
      expect(completionMail({ to: 'p@example.org', name: 'Pat', language }).text).toContain(story);
      // Those who finished and wait hear the same; the old "we will send it to you" is gone.
      expect(codeMail(language, 'submitted').text).toContain(story);
      expect(codeMail(language, 'in_review').text).toContain(story);
    });

    it(`the evaluation-ready e-mail keeps its promise: no evaluation inside, read after signing in (${language})`, () => {
      const mail = evaluationMail({
        kind: 'ready',
        to: 'p@example.org',
        name: 'Pat',
        language,
        signInUrl: 'https://cmd.example.org/',
      });
      expect(mail.text).toMatch(
        language === 'en' ? /not in this e-mail/ : /nicht in dieser E-Mail/,
      );
      expect(mail.text).toMatch(/PDF/);
      expect(DELIVERY_STORY[language]).toMatch(/PDF/);
    });

    it(`a new code for an evaluated assessment points to the evaluation, not to completing the survey (${language})`, () => {
      const mail = codeMail(language, 'evaluated');
      expect(mail.text).not.toMatch(COMPLETING[language]);
      expect(mail.html).not.toMatch(COMPLETING[language]);
      expect(mail.text).not.toContain(DELIVERY_STORY[language]);
      expect(mail.text).toMatch(
        language === 'en' ? /Your evaluation is ready/ : /Ihre Auswertung liegt vor/,
      );
      // A completed but not yet evaluated one is told where it stands, not to complete it either.
      expect(codeMail(language, 'submitted').text).not.toMatch(COMPLETING[language]);
    });
  }

  it('the status page has no delivery text of its own: it shows the shared one', () => {
    for (const locale of [en, de]) expect(locale.status).not.toHaveProperty('next');
  });
});
