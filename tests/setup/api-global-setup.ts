import { assertSystemPrograms } from './system-tools';

export default function setup(): void {
  assertSystemPrograms(false);
}
