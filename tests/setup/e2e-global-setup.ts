import { pgliteTemplate } from '../helpers/pglite-template';
import { assertSystemPrograms } from './system-tools';

export default async function setup(): Promise<void> {
  assertSystemPrograms(true);
  await pgliteTemplate();
}
