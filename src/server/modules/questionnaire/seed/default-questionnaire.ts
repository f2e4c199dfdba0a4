import type { QuestionType } from '../../../../shared/constants';
import type { OverlayId } from '../../../../shared/overlays';

export interface SeedOption {
  en: string;
  de: string;
  score?: number;
}

export interface SeedQuestion {
  type: QuestionType;
  en: string;
  de: string;
  overlay?: OverlayId;
  /** Clinically essential: the assessment cannot be completed without it. */
  required?: boolean;
  instrumentItem?: string;
  options?: SeedOption[];
}

const noYes: SeedOption[] = [
  { en: 'No', de: 'Nein', score: 0 },
  { en: 'Yes', de: 'Ja', score: 1 },
];

const activityStem = {
  en: 'In the last 30 days, did the following activity change any pain (make it better or worse) in your jaw or temple area on either side?',
  de: 'Hat in den letzten 30 Tagen die folgende Tätigkeit Schmerzen im Kiefer- oder Schläfenbereich auf einer der beiden Seiten verändert (verbessert oder verschlimmert)?',
};

/**
 * The questionnaire a new installation starts with. Items 2 to 7 are the six items of the
 * TMD Pain Screener (DC/TMD), scored by the practice; the camera steps use every pose guide.
 * Required are what the evaluation cannot do without: the main complaint, the screener items (a
 * score needs all six), the face, teeth and profile photos and both jaw-movement videos. The
 * eye-direction photos, the pain map, the complaint list and the closing remarks may be skipped.
 */
export const DEFAULT_QUESTIONNAIRE: SeedQuestion[] = [
  {
    type: 'text',
    required: true,
    en: 'What is your main complaint, and since when have you had it?',
    de: 'Was ist Ihre Hauptbeschwerde, und seit wann haben Sie sie?',
  },
  {
    type: 'multiple_choice',
    required: true,
    instrumentItem: 'tmd-pain-screener:1',
    en: 'In the last 30 days, on average, how long did any pain in your jaw or temple area on either side last?',
    de: 'Wie lange dauerten in den letzten 30 Tagen im Durchschnitt Schmerzen im Kiefer- oder Schläfenbereich auf einer der beiden Seiten an?',
    options: [
      { en: 'No pain', de: 'Keine Schmerzen', score: 0 },
      {
        en: 'From very brief to more than a week, but it does stop',
        de: 'Von sehr kurz bis länger als eine Woche, aber sie hören auf',
        score: 1,
      },
      { en: 'Continuous', de: 'Dauerhaft', score: 2 },
    ],
  },
  {
    type: 'multiple_choice',
    required: true,
    instrumentItem: 'tmd-pain-screener:2',
    en: 'In the last 30 days, have you had pain or stiffness in your jaw on awakening?',
    de: 'Hatten Sie in den letzten 30 Tagen beim Aufwachen Schmerzen oder Steifheit im Kiefer?',
    options: noYes,
  },
  {
    type: 'multiple_choice',
    required: true,
    instrumentItem: 'tmd-pain-screener:3',
    en: `${activityStem.en} Chewing hard or tough food.`,
    de: `${activityStem.de} Kauen von harter oder zäher Nahrung.`,
    options: noYes,
  },
  {
    type: 'multiple_choice',
    required: true,
    instrumentItem: 'tmd-pain-screener:4',
    en: `${activityStem.en} Opening your mouth, or moving your jaw forward or to the side.`,
    de: `${activityStem.de} Den Mund öffnen oder den Unterkiefer nach vorne oder zur Seite bewegen.`,
    options: noYes,
  },
  {
    type: 'multiple_choice',
    required: true,
    instrumentItem: 'tmd-pain-screener:5',
    en: `${activityStem.en} Jaw habits such as holding teeth together, clenching or grinding, or chewing gum.`,
    de: `${activityStem.de} Kiefergewohnheiten wie Zähne aufeinanderhalten, Pressen oder Knirschen oder Kaugummikauen.`,
    options: noYes,
  },
  {
    type: 'multiple_choice',
    required: true,
    instrumentItem: 'tmd-pain-screener:6',
    en: `${activityStem.en} Other jaw activities such as talking, kissing or yawning.`,
    de: `${activityStem.de} Andere Kieferbewegungen wie Sprechen, Küssen oder Gähnen.`,
    options: noYes,
  },
  {
    type: 'multiple_choice',
    en: 'Do you grind or clench your teeth, by day or at night?',
    de: 'Knirschen oder pressen Sie mit den Zähnen, tagsüber oder nachts?',
    options: [
      { en: 'Never', de: 'Nie' },
      { en: 'Sometimes', de: 'Manchmal' },
      { en: 'Often', de: 'Häufig' },
      { en: "I don't know", de: 'Weiß ich nicht' },
    ],
  },
  {
    type: 'pain_atlas',
    en: 'Mark every place on the body where you feel pain, and choose how strong it is.',
    de: 'Markieren Sie jede Stelle am Körper, an der Sie Schmerzen haben, und wählen Sie die Stärke.',
  },
  {
    type: 'pain_symptoms',
    en: 'Which complaints do you have? Record each with how often it occurs, its trigger and its intensity.',
    de: 'Welche Beschwerden haben Sie? Erfassen Sie jede mit Häufigkeit, Auslöser und Stärke.',
  },
  {
    type: 'photo',
    overlay: 'face-guide',
    required: true,
    en: 'Photo of your face: look straight into the camera with a relaxed face and closed lips.',
    de: 'Foto Ihres Gesichts: Schauen Sie entspannt gerade in die Kamera, die Lippen geschlossen.',
  },
  {
    type: 'photo',
    overlay: 'teeth-guide',
    required: true,
    en: 'Photo of your teeth: open your mouth wide so that your teeth are visible.',
    de: 'Foto Ihrer Zähne: Öffnen Sie den Mund weit, sodass Ihre Zähne sichtbar sind.',
  },
  {
    type: 'photo',
    overlay: 'look-left',
    en: 'Keep your head centred and look to the left with your eyes only.',
    de: 'Halten Sie den Kopf gerade und schauen Sie nur mit den Augen nach links.',
  },
  {
    type: 'photo',
    overlay: 'look-right',
    en: 'Keep your head centred and look to the right with your eyes only.',
    de: 'Halten Sie den Kopf gerade und schauen Sie nur mit den Augen nach rechts.',
  },
  {
    type: 'photo',
    overlay: 'look-up',
    en: 'Keep your head centred and look up with your eyes only.',
    de: 'Halten Sie den Kopf gerade und schauen Sie nur mit den Augen nach oben.',
  },
  {
    type: 'photo',
    overlay: 'look-down',
    en: 'Keep your head centred and look down with your eyes only.',
    de: 'Halten Sie den Kopf gerade und schauen Sie nur mit den Augen nach unten.',
  },
  {
    type: 'photo',
    overlay: 'profile-left',
    required: true,
    en: 'Photo of your left profile: turn your head to the right so that the camera sees your left side.',
    de: 'Foto Ihres linken Profils: Drehen Sie den Kopf nach rechts, sodass die Kamera Ihre linke Seite sieht.',
  },
  {
    type: 'photo',
    overlay: 'profile-right',
    required: true,
    en: 'Photo of your right profile: turn your head to the left so that the camera sees your right side.',
    de: 'Foto Ihres rechten Profils: Drehen Sie den Kopf nach links, sodass die Kamera Ihre rechte Seite sieht.',
  },
  {
    type: 'video',
    overlay: 'face-guide',
    required: true,
    en: 'Video: facing the camera, open your mouth as wide as you can and close it again, slowly, three times.',
    de: 'Video: Öffnen Sie mit Blick in die Kamera den Mund so weit wie möglich und schließen Sie ihn wieder, langsam, dreimal.',
  },
  {
    type: 'video',
    overlay: 'none',
    required: true,
    en: 'Video: move your lower jaw slowly to the left and to the right, three times each.',
    de: 'Video: Bewegen Sie Ihren Unterkiefer langsam nach links und nach rechts, jeweils dreimal.',
  },
  {
    type: 'text',
    en: 'Is there anything else the dentist should know (treatments so far, medication, accidents)?',
    de: 'Gibt es noch etwas, das die Zahnärztin oder der Zahnarzt wissen sollte (bisherige Behandlungen, Medikamente, Unfälle)?',
  },
];
