/**
 * A page of rows and the number of all rows that match, read at the same time (a console list: its page,
 * and the total its pager shows). `count` selects `countAll<number>().as('n')` over the same filter.
 */
export async function rowsAndTotal<R>(
  rows: Promise<R[]>,
  count: Promise<{ n: number } | undefined>,
): Promise<{ rows: R[]; total: number }> {
  const [page, counted] = await Promise.all([rows, count]);
  return { rows: page, total: counted?.n ?? 0 };
}
