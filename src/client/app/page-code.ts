import { loadQueryProvider } from '../lib/lazy-query-provider';

/**
 * The code of the pages that are not part of the paywall. Each is requested by its route when
 * it renders; the page a visit starts on is requested before anything renders
 * (`requestPageCode`, from main.tsx), so that asking for its chunks, one `modulepreload` link
 * per chunk, is a short task of its own rather than part of the first render.
 */
export const loadSurveyPage = () => import('../features/survey/SurveyPage');

export function requestPageCode(pathname: string): void {
  if (pathname === '/app') {
    void loadQueryProvider();
    void loadSurveyPage();
  }
}
