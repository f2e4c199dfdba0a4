export { BodyDiagram, DOT_SIZE, type BodyDiagramProps, type DiagramDot } from './BodyDiagram';
export {
  PAIN_POINT_COLORS,
  SYMPTOM_DOT_COLORS,
  symptomDots,
  type SymptomLike,
} from './symptom-dots';
