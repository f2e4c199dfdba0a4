import { pgliteTemplate } from '../helpers/pglite-template';
import { assertSystemPrograms } from './system-tools';

export default async function setup(): Promise<void> {
  assertSystemPrograms(false);
  // Made once here rather than by the first test files at the same moment.
  if (!process.env.TEST_DATABASE_URL) await pgliteTemplate();
}
