import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Disclaimer } from '../Disclaimer';
import type { PatientEvaluation } from '../../../shared/contracts/evaluation';
import { formatDate } from '../format';
import { PracticeContactBlock } from './PracticeContactBlock';
import './i18n';

/** A sent evaluation, or the dentist's preview of one (not sent yet: no date). */
export type ShownEvaluation = Omit<PatientEvaluation, 'sentAt'> & { sentAt: string | null };

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography variant="subtitle1" component="h3" color="primary" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Free text as the dentist wrote it, line breaks kept. */
const Written = ({ text }: { text: string }) => (
  <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{text || '–'}</Typography>
);

/**
 * What the patient reads, in `language`: the patient's page shows it, and the dentist's preview
 * shows the same thing before sending. The disclaimer goes with it everywhere.
 */
export function EvaluationView({
  evaluation,
  language,
  headingLevel = 'h2',
}: {
  evaluation: ShownEvaluation;
  language: string;
  headingLevel?: 'h2' | 'h3';
}) {
  const { t } = useTranslation('evaluationView', { lng: language });
  const cta = evaluation.callToAction;
  return (
    <Stack spacing={2.5} lang={language} data-testid="evaluation">
      <Box>
        <Typography variant="h5" component={headingLevel} sx={{ fontWeight: 700 }}>
          {t('title')}
        </Typography>
        {evaluation.sentAt && (
          <Typography variant="body2" color="text.secondary" data-testid="evaluated-by">
            {evaluation.evaluatedBy
              ? t('evaluatedBy', {
                  name: evaluation.evaluatedBy,
                  practice: evaluation.contact.name,
                  date: formatDate(evaluation.sentAt, language),
                })
              : t('sentOn', { date: formatDate(evaluation.sentAt, language) })}
          </Typography>
        )}
      </Box>
      <Part title={t('conclusion')}>
        <Typography sx={{ fontWeight: 600 }} data-testid="evaluation-conclusion">
          {evaluation.conclusion || '–'}
        </Typography>
      </Part>
      <Part title={t('findings')}>
        <Written text={evaluation.findings} />
      </Part>
      <Part title={t('recommendations')}>
        <Written text={evaluation.recommendations} />
      </Part>
      {evaluation.addenda.length > 0 && (
        <Part title={t('addenda')}>
          <Stack spacing={1.5} divider={<Divider flexItem />}>
            {evaluation.addenda.map((addendum) => (
              <Box key={addendum.createdAt}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {addendum.author
                    ? t('addendumBy', {
                        date: formatDate(addendum.createdAt, language),
                        name: addendum.author,
                      })
                    : t('addendumOf', { date: formatDate(addendum.createdAt, language) })}
                </Typography>
                <Written text={addendum.text} />
              </Box>
            ))}
          </Stack>
        </Part>
      )}
      {cta && (
        <Part title={t('nextStep')}>
          <Stack spacing={0.5}>
            {cta.bookingUrl && (
              <Link href={cta.bookingUrl} target="_blank" rel="noopener noreferrer">
                {t('book')}
              </Link>
            )}
            {cta.phone && (
              <Link href={`tel:${cta.phone.replace(/[^+\d]/g, '')}`}>
                {t('call', { phone: cta.phone })}
              </Link>
            )}
          </Stack>
        </Part>
      )}
      <PracticeContactBlock contact={evaluation.contact} language={language} />
      <Disclaimer language={language} />
    </Stack>
  );
}
