/**
 * The whole database for Drizzle (queries, migrations): each module owns its tables in its own
 * `tables.ts`, and only its repository queries them; this file only gathers them.
 */
export * from './modules/accounts/tables';
export * from './modules/assessments/tables';
export * from './modules/access/tables';
export * from './modules/questionnaire/tables';
export * from './modules/answers/tables';
export * from './modules/media/tables';
export * from './modules/promo-codes/tables';
export * from './modules/payments/tables';
export * from './modules/invoices/tables';
export * from './modules/audit/tables';
export * from './modules/privacy/tables';
export * from './modules/evaluations/tables';
export * from './platform/jobs/tables';
