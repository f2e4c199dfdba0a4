import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PracticeContact } from '../../../shared/contracts/evaluation';
import './i18n';

/** The practice's phone, e-mail and booking link as links a patient can use at once. */
export function PracticeContactBlock({
  contact,
  language,
}: {
  contact: PracticeContact;
  language: string;
}) {
  const { t } = useTranslation('evaluationView', { lng: language });
  return (
    <Stack component="section" spacing={0.5} data-testid="practice-contact" lang={language}>
      <Typography variant="subtitle1" component="h3" color="primary" sx={{ fontWeight: 700 }}>
        {t('contact')}
      </Typography>
      <Typography sx={{ fontWeight: 600 }}>{contact.name}</Typography>
      {contact.phone && (
        <Link href={`tel:${contact.phone.replace(/[^+\d]/g, '')}`}>
          {t('contactPhone', { phone: contact.phone })}
        </Link>
      )}
      {contact.email && (
        <Link href={`mailto:${contact.email}`} sx={{ overflowWrap: 'anywhere' }}>
          {t('contactEmail', { email: contact.email })}
        </Link>
      )}
      {contact.bookingUrl && (
        <Link href={contact.bookingUrl} target="_blank" rel="noopener noreferrer">
          {t('bookAppointment')}
        </Link>
      )}
    </Stack>
  );
}
