import type { Language } from '../../../shared/constants';
import type {
  Conclusion,
  ConclusionBody,
  EditableConclusion,
} from '../../../shared/contracts/evaluation';
import type { DbOrTx } from '../../platform/db/client';
import { DomainError } from '../../platform/errors';
import {
  deleteConclusion,
  insertConclusion,
  listConclusionRows,
  updateConclusion,
  type ConclusionRow,
} from './evaluations-repository';

/** A conclusion's text in one language. */
export const conclusionText = (
  row: Pick<ConclusionRow, 'textEn' | 'textDe'>,
  language: Language,
) => (language === 'de' ? row.textDe : row.textEn);

const unknownConclusion = () => new DomainError('not_found', 'evaluation.unknownConclusion');

export async function listConclusions(db: DbOrTx, language: Language): Promise<Conclusion[]> {
  const rows = await listConclusionRows(db);
  return rows.map((row) => ({ id: row.id, text: conclusionText(row, language) }));
}

const editable = (row: ConclusionRow): EditableConclusion => ({
  id: row.id,
  en: row.textEn,
  de: row.textDe,
});

export async function listEditableConclusions(db: DbOrTx): Promise<EditableConclusion[]> {
  return (await listConclusionRows(db)).map(editable);
}

export async function createConclusion(
  db: DbOrTx,
  body: ConclusionBody,
): Promise<EditableConclusion> {
  return editable(await insertConclusion(db, { textEn: body.en, textDe: body.de }));
}

/** Sent evaluations keep the wording they were sent with; drafts show the new one. */
export async function changeConclusion(
  db: DbOrTx,
  id: number,
  body: ConclusionBody,
): Promise<EditableConclusion> {
  const row = await updateConclusion(db, id, { textEn: body.en, textDe: body.de });
  if (!row) throw unknownConclusion();
  return editable(row);
}

export async function removeConclusion(db: DbOrTx, id: number): Promise<void> {
  if (!(await deleteConclusion(db, id))) throw unknownConclusion();
}
