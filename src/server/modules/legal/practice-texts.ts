import type { Language } from '../../../shared/constants';
import type { PracticeProfile } from '../../platform/config';

type Labels = Record<
  | 'email'
  | 'phone'
  | 'taxNumber'
  | 'vatId'
  | 'chamber'
  | 'authority'
  | 'title'
  | 'regulations'
  | 'sample',
  string
>;

const LABELS: Record<Language, Labels> = {
  en: {
    email: 'E-mail',
    phone: 'Phone',
    taxNumber: 'Tax number',
    vatId: 'VAT ID (§ 27a UStG)',
    chamber: 'Dental chamber',
    authority: 'Supervisory authority',
    title: 'Professional title',
    regulations: 'Professional regulations',
    sample: 'Example data: this server runs without a practice profile (development).',
  },
  de: {
    email: 'E-Mail',
    phone: 'Telefon',
    taxNumber: 'Steuernummer',
    vatId: 'USt-IdNr. (§ 27a UStG)',
    chamber: 'Zuständige Kammer',
    authority: 'Zuständige Aufsichtsbehörde',
    title: 'Berufsbezeichnung',
    regulations: 'Berufsrechtliche Regelungen',
    sample: 'Beispieldaten: Dieser Server läuft ohne Praxisprofil (Entwicklung).',
  },
};

const list = (lines: string[]) => lines.map((line) => `- ${line}`).join('\n');

/** The practice's name, address and fast electronic contact, as a list. */
export function contactBlock(profile: PracticeProfile, language: Language): string {
  const labels = LABELS[language];
  return list([
    profile.name,
    ...profile.addressLines,
    ...(profile.phone ? [`${labels.phone}: ${profile.phone}`] : []),
    ...(profile.email ? [`${labels.email}: ${profile.email}`] : []),
  ]);
}

/**
 * The profile put into a legal text: "{{practice}}" becomes the contact block, "{{practiceLine}}"
 * the name, address and e-mail on one line (the model form's addressee). Operator texts may use
 * both. The version stays that of the text as written, so the address moving does not ask
 * every patient to agree again.
 */
export function fillPractice(text: string, profile: PracticeProfile, language: Language): string {
  const email = profile.email ? `, ${LABELS[language].email}: ${profile.email}` : '';
  const line = [profile.name, ...profile.addressLines].join(', ') + email;
  return text
    .replaceAll('{{practice}}', contactBlock(profile, language))
    .replaceAll('{{practiceLine}}', line);
}

const HEADINGS = {
  en: {
    title: 'Imprint',
    provider: 'Provider (§ 5 DDG)',
    profession: 'Profession',
    tax: 'Tax',
    responsible: 'Responsible for the content (§ 18 (2) MStV)',
  },
  de: {
    title: 'Impressum',
    provider: 'Anbieter (§ 5 DDG)',
    profession: 'Berufsrechtliche Angaben',
    tax: 'Steuerliche Angaben',
    responsible: 'Verantwortlich für den Inhalt (§ 18 Abs. 2 MStV)',
  },
} as const;

function imprintPage(profile: PracticeProfile, language: Language): string {
  const labels = LABELS[language];
  const heads = HEADINGS[language];
  const title = profile.professionalTitle
    ? `${labels.title}: ${profile.professionalTitle}${profile.titleState ? ` (${profile.titleState})` : ''}`
    : undefined;
  const regulations = profile.regulations
    ? `${labels.regulations}: ${profile.regulations.name}${profile.regulations.url ? ` (${profile.regulations.url})` : ''}`
    : undefined;
  const profession = [
    title,
    profile.chamber && `${labels.chamber}: ${profile.chamber}`,
    profile.supervisoryAuthority && `${labels.authority}: ${profile.supervisoryAuthority}`,
    regulations,
  ].filter((line): line is string => Boolean(line));
  const tax = [
    profile.taxNumber && `${labels.taxNumber}: ${profile.taxNumber}`,
    profile.vatId && `${labels.vatId}: ${profile.vatId}`,
  ].filter((line): line is string => Boolean(line));
  return [
    `# ${heads.title}`,
    ...(profile.sample ? [labels.sample] : []),
    `## ${heads.provider}\n${contactBlock(profile, language)}`,
    ...(profession.length > 0 ? [`## ${heads.profession}\n${list(profession)}`] : []),
    ...(tax.length > 0 ? [`## ${heads.tax}\n${list(tax)}`] : []),
    `## ${heads.responsible}\n${list([profile.name, ...profile.addressLines])}`,
  ].join('\n\n');
}

/**
 * The imprint of a dental practice as § 5 DDG and § 18 MStV ask for it, made from the profile:
 * name, address and fast electronic contact, the professional title and the state that granted
 * it, the chamber and authority, the professional regulations, the tax ids. An operator's
 * imprint.en.md / imprint.de.md replaces it.
 */
export function defaultImprint(profile: PracticeProfile): Record<Language, string> {
  return { en: imprintPage(profile, 'en'), de: imprintPage(profile, 'de') };
}
