import type { Kysely } from 'kysely';

/**
 * The stored bank names of 0004's Indian-only list, and the codes banks.ts gives them (their IFSC
 * prefixes). Copied here, not imported: a landed migration must not change when banks.ts does.
 */
const INDIAN_BANKS: ReadonlyArray<[name: string, code: string]> = [
  ['State Bank of India', 'SBIN'],
  ['HDFC Bank', 'HDFC'],
  ['ICICI Bank', 'ICIC'],
  ['Axis Bank', 'UTIB'],
  ['Punjab National Bank', 'PUNB'],
  ['Bank of Baroda', 'BARB'],
  ['Kotak Mahindra Bank', 'KKBK'],
  ['Canara Bank', 'CNRB'],
];

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and must not depend on current types
export async function up(db: Kysely<any>): Promise<void> {
  // Whose banks a user adds when the account's area code names no bank country (issue 11). The
  // existing sites are the Philippine ones of the demo and of the peso.
  await db.schema
    .alterTable('sites')
    .addColumn('country', 'varchar(2)', (c) => c.notNull().defaultTo('PH'))
    .execute();
  // Methods now store a bank's code; the name is looked up when shown. Withdrawals keep the label
  // they were made with.
  for (const [name, code] of INDIAN_BANKS) {
    await db.updateTable('withdraw_methods').set({ bank: code }).where('bank', '=', name).execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const [name, code] of INDIAN_BANKS) {
    await db.updateTable('withdraw_methods').set({ bank: name }).where('bank', '=', code).execute();
  }
  await db.schema.alterTable('sites').dropColumn('country').execute();
}
