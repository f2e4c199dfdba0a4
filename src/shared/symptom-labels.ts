import type { Language, SymptomFrequency, SymptomIntensity, SymptomTrigger } from './constants';
import type { SymptomGroup, SymptomName } from './symptoms';

interface SymptomLabels {
  groups: Record<SymptomGroup, string>;
  names: Record<SymptomName, string>;
  frequencies: Record<SymptomFrequency, string>;
  triggers: Record<SymptomTrigger, string>;
  intensities: Record<SymptomIntensity, string>;
}

/** Names of the symptom catalogue in both languages, for reports and e-mails. */
export const SYMPTOM_LABELS: Record<Language, SymptomLabels> = {
  en: {
    groups: {
      headFace: 'Head and Face',
      earsBalance: 'Ears and Balance',
      neckShoulders: 'Neck and Shoulders',
      backSpine: 'Back and Spine',
      lowerBody: 'Lower Body',
      otherComplaints: 'Other Complaints',
    },
    names: {
      jawJointPain: 'Jaw joint pain',
      jawJointClicking: 'Jaw joint clicking',
      facialPain: 'Facial pain',
      sensitiveTeeth: 'Sensitive teeth',
      gumRecession: 'Gum recession',
      headaches: 'Headaches',
      eyePressure: 'Pressure around the eyes',
      tinnitus: 'Ear noises (tinnitus)',
      earPressure: 'Ear pressure',
      earBlockage: 'Feeling of blocked ears',
      dizziness: 'Dizziness (vertigo)',
      neckTension: 'Neck tension',
      shoulderPain: 'Shoulder pain',
      armPain: 'Arm pain',
      tinglingHands: 'Tingling or numb hands',
      backPain: 'Back pain',
      pelvicPain: 'Pelvic pain',
      lowerBackPain: 'Lower back pain',
      kneePain: 'Knee pain',
      footPain: 'Foot pain',
      restlessness: 'Restlessness or lack of concentration',
      digestiveProblems: 'Digestive problems or bloating',
      stress: 'Stress',
      rheumatism: 'Rheumatism',
      heartRacing: 'Irregular heart racing',
      other: 'Other',
    },
    frequencies: {
      monthly: '1-3x per month',
      weekly: '1x per week',
      multipleWeekly: 'More than 1x per week',
      constant: 'Constantly',
    },
    triggers: {
      stress: 'Stress situations',
      sport: 'Sport',
      hormonal: 'Hormonal (e.g. menstrual cycle)',
      other: 'Other',
    },
    intensities: { leicht: 'Mild', mittel: 'Moderate', stark: 'Severe' },
  },
  de: {
    groups: {
      headFace: 'Kopf und Gesicht',
      earsBalance: 'Ohren und Gleichgewicht',
      neckShoulders: 'Nacken und Schultern',
      backSpine: 'Rücken und Wirbelsäule',
      lowerBody: 'Unterkörper',
      otherComplaints: 'Sonstige Beschwerden',
    },
    names: {
      jawJointPain: 'Kiefergelenkschmerzen',
      jawJointClicking: 'Kiefergelenkknacken',
      facialPain: 'Gesichtsschmerzen',
      sensitiveTeeth: 'Empfindliche Zähne',
      gumRecession: 'Zahnfleischrückgang',
      headaches: 'Kopfschmerzen',
      eyePressure: 'Druck um die Augen',
      tinnitus: 'Ohrgeräusche (Tinnitus)',
      earPressure: 'Ohrendruck',
      earBlockage: 'Gefühl verstopfter Ohren',
      dizziness: 'Schwindel',
      neckTension: 'Nackenverspannungen',
      shoulderPain: 'Schulterschmerzen',
      armPain: 'Armschmerzen',
      tinglingHands: 'Kribbeln oder taube Hände',
      backPain: 'Rückenschmerzen',
      pelvicPain: 'Beckenschmerzen',
      lowerBackPain: 'Schmerzen im unteren Rücken',
      kneePain: 'Knieschmerzen',
      footPain: 'Fußschmerzen',
      restlessness: 'Unruhe oder Konzentrationsmangel',
      digestiveProblems: 'Verdauungsprobleme oder Blähungen',
      stress: 'Stress',
      rheumatism: 'Rheuma',
      heartRacing: 'Unregelmäßiges Herzrasen',
      other: 'Sonstiges',
    },
    frequencies: {
      monthly: '1-3x pro Monat',
      weekly: '1x pro Woche',
      multipleWeekly: 'Mehr als 1x pro Woche',
      constant: 'Ständig',
    },
    triggers: {
      stress: 'Stresssituationen',
      sport: 'Sport',
      hormonal: 'Hormonell (z. B. Menstruationszyklus)',
      other: 'Sonstiges',
    },
    intensities: { leicht: 'Leicht', mittel: 'Mittel', stark: 'Stark' },
  },
};
